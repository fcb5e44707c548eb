// Account security: two-factor sign-in, sessions, password and email change. Shared by server and web.
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { DeviceSchema } from './device.ts';
import { IdSchema } from './ids.ts';

export const RECOVERY_CODE_COUNT = 10;
export const SESSIONS_PAGE_SIZE = 20;

const password = z.string().min(1, 'is required').max(LIMITS.passwordMax, `must be at most ${LIMITS.passwordMax} characters`);
/** A 6-digit TOTP code or a recovery code (xxxx-xxxx-xxxx-xxxx); spaces are allowed and ignored. */
const code = z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters');

/** POST /api/users/me/2fa/setup: the current password first, so a session alone cannot enrol the account. */
export const TwoFactorSetupBody = z.object({ password });
/** POST /api/users/me/2fa/setup: the secret as text and the otpauth:// URI the web shows as a QR code. */
export const TwoFactorSetupResponse = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupResponse>;
export const TwoFactorCodeBody = z.object({ code });
/** POST /api/users/me/2fa/enable: shown once; only their hashes are kept. */
export const RecoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
/** POST /api/users/login/2fa: the session's token; after a recovery code, how many unused ones are left. */
export const CodeSignInResponse = z.object({ token: z.string(), recoveryCodesLeft: z.number().int().optional() });
export const TwoFactorDisableBody = z.object({ password, code });
/** GET /api/users/me/2fa */
export const TwoFactorStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** POST /api/users/login/2fa: the token from the password step and a code. */
export const MfaLoginBody = z.object({ mfaToken: z.string().min(1, 'is required').max(200), code });

// A sessions cursor is the last session's creation time (to the microsecond PostgreSQL keeps) and id:
// `2026-11-24T12:00:00.123456Z_<uuid>`.
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function parseSessionCursor(cursor: string): { at: string; id: string } | null {
  const m = CURSOR.exec(cursor);
  if (!m) return null;
  const at = new Date(m[1]);
  // An impossible date (month 13) does not come back as itself.
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1970 || at.toISOString().slice(0, 19) !== m[1].slice(0, 19)) return null;
  return { at: m[1], id: m[2].toLowerCase() };
}

export const SessionsQuery = z.object({
  before: z.string().max(80).refine((c) => parseSessionCursor(c) !== null, 'is not a valid cursor').optional(),
});

const SessionSchema = z.object({
  _id: z.string(),
  /** What the User-Agent said of the browser and device: names and a code, said in words by the reader's app. */
  device: DeviceSchema,
  /** The network address with its last part hidden, or null when unknown. */
  address: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionSchema>;
/** GET /api/users/me/sessions, newest first: `nextCursor` goes back as `before`. */
export const SessionsPageSchema = z.object({ sessions: z.array(SessionSchema), nextCursor: z.string().nullable() });
export type SessionsPage = z.infer<typeof SessionsPageSchema>;
export const SessionIdParams = z.object({ id: IdSchema });
export const EndedSessionsResponse = z.object({ msg: z.string(), ended: z.number() });

export const ChangePasswordBody = z.object({ currentPassword: password, newPassword: password });
export const ChangeEmailBody = z.object({
  password,
  email: z.string().trim().max(LIMITS.email).pipe(z.email({ message: 'must be a valid email address' })),
});
export const ConfirmEmailBody = z.object({ token: z.string().min(1, 'is required').max(200) });

export const TEXTS = {
  badCode: 'That code is not valid. Please try again.',
  replayed: 'That code has already been used. Please wait for the next one.',
  tooManyCodes: 'Too many wrong codes. Please wait 15 minutes and try again.',
  signInExpired: 'This sign-in has expired. Please sign in with your password again.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  noSetup: 'Start the setup first.',
  wrongPassword: 'Your current password is not correct.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  emailTaken: 'That email address is already in use.',
  emailSame: 'That is already your email address.',
  emailSent: 'We have sent a confirmation link to your new address. Your email changes when you open it.',
  emailInvalid: 'This confirmation link is invalid or has expired.',
  emailChanged: 'Your email address has been changed.',
  twoFactorOff: 'Two-factor sign-in is off.',
  sessionEnded: 'Session ended.',
  sessionsEnded: 'Your other sessions have been signed out.',
} as const;
