import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { LOCALES } from './i18n/locales.ts';
import { AvatarAtRegistration, PersonName } from './people.ts';
import { LicenceExpiresOn } from './privacy.ts';

export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** GET /api/users/me */
export const MeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.string(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  rejectionReason: z.string().nullable(),
  /** Two-factor sign-in is on; an administrator who must turn it on before anything else (ADMIN_REQUIRE_2FA). */
  twoFactorEnabled: z.boolean(),
  mustEnrolTwoFactor: z.boolean(),
  /** The sign-in policy's idle limit, for the web app's warning before an idle sign-out. */
  idleMinutes: z.number().int().optional(),
  /** The language the member chose for screens, emails and messages; null follows the browser. */
  locale: z.enum(LOCALES).nullable(),
});
export type Me = z.infer<typeof MeSchema>;

/** PATCH /api/users/me: the account's own preferences (the profile is PUT /api/users/me). */
export const AccountPreferencesBody = z.object({ locale: z.enum(LOCALES).nullable() }).strict();
export type AccountPreferences = z.infer<typeof AccountPreferencesBody>;

const required = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

const LicenceFields = {
  profession: required(LIMITS.shortText),
  licenceNumber: required(60),
  licensingBody: required(LIMITS.shortText),
  region: required(100),
  country: required(100),
  /** The date the licence expires: not in the past. */
  licenceExpiresOn: LicenceExpiresOn,
};

export const RegisterBody = z.object({
  name: PersonName,
  email: z.string().trim().max(LIMITS.email).pipe(z.email({ message: 'must be a valid email address' })),
  password: z.string().min(1, 'is required').max(LIMITS.passwordMax, `must be at most ${LIMITS.passwordMax} characters`),
  confirmPassword: z.string().min(1, 'is required').max(LIMITS.passwordMax),
  avatar: AvatarAtRegistration,
  ...LicenceFields,
});
export type RegisterInput = z.infer<typeof RegisterBody>;

/**
 * POST /api/users/register (201): a new account is signed in at once, with a session's token as sign-in gives; an
 * address that already has an account gets no token (its owner is emailed instead), docs/decisions/0165.
 */
export const RegisterResponse = z.object({ msg: z.string(), token: z.string().optional() });
export type RegisterResult = z.infer<typeof RegisterResponse>;
export const REGISTERED = 'Registration successful. An administrator will verify your licence and email you when it is done.';
export const REGISTERED_ADDRESS_TAKEN = 'This email address may already have an account: we have sent a note to it. '
  + 'Sign in, or reset your password, to continue.';

export const LoginBody = z.object({
  email: z.string().trim().min(1, 'is required').max(LIMITS.email),
  password: z.string().min(1, 'is required').max(LIMITS.passwordMax),
});

/** A second factor a sign-in's second step takes: a TOTP code, a passkey, or one of the recovery codes (a TOTP's). */
const SECOND_FACTORS = ['totp', 'passkey', 'recoveryCode'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/**
 * POST /api/users/login: a session's token (with `twoFactorPrompt` for an administrator still without two-factor
 * sign-in, asked at each sign-in), or, with two-factor on, the second step's token (POST /api/users/login/2fa).
 */
export const LoginResponse = z.union([
  z.object({ token: z.string(), twoFactorPrompt: z.boolean().optional() }),
  // `factors`: what the waiting sign-in may be finished with, so the second step offers only those.
  z.object({ mfaRequired: z.literal(true), mfaToken: z.string(), factors: z.array(z.enum(SECOND_FACTORS)) }),
]);
export type LoginResult = z.infer<typeof LoginResponse>;
export const ForgotPasswordBody = z.object({
  email: z.string().trim().min(1, 'is required').max(LIMITS.email),
});

export const ResetPasswordBody = z.object({
  password: z.string().min(1, 'is required').max(LIMITS.passwordMax, `must be at most ${LIMITS.passwordMax} characters`),
});

export const ResetPasswordParams = z.object({ token: z.string().min(1).max(200) });

export const LicenceUpdateBody = z.object(LicenceFields);
export type LicenceUpdate = z.infer<typeof LicenceUpdateBody>;
/** PUT /api/users/me/licence: the licence goes back to the queue. */
export const LicenceUpdateResponse = z.object({ _id: z.string(), verificationStatus: z.enum(VERIFICATION_STATUSES) });
export type LicenceUpdateResult = z.infer<typeof LicenceUpdateResponse>;

// The web app's own successes (registered and signed in; password reset) are catalogue messages in
// web/features/accounts; these are the server's answers.
export const FORGOT_SUCCESS = 'If an account with that email exists, a password reset link has been sent.';
export const INVALID_CREDENTIALS = 'Invalid credentials';
