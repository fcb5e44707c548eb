// The platform's sign-in policy, set by administrators (GET/PUT /api/admin/security-policy), and the passkeys a member
// signs in with. Shared by server and web.
import { z } from 'zod';

export const IDLE_MINUTES_MIN = 5;
export const IDLE_MINUTES_MAX = 720;
/** How long before an idle sign-out the web app warns. */
export const IDLE_WARNING_MS = 60_000;
const REQUIRE_TWO_FACTOR = ['none', 'admins', 'everyone'] as const;
export type RequireTwoFactor = (typeof REQUIRE_TWO_FACTOR)[number];

export const SecurityPolicySchema = z.object({
  idleMinutes: z.number().int('must be a whole number of minutes')
    .min(IDLE_MINUTES_MIN, `must be at least ${IDLE_MINUTES_MIN}`).max(IDLE_MINUTES_MAX, `must be at most ${IDLE_MINUTES_MAX}`),
  requireTwoFactor: z.enum(REQUIRE_TWO_FACTOR),
});
export type SecurityPolicy = z.infer<typeof SecurityPolicySchema>;
/** Twelve hours idle, as before the policy existed; nobody made to enrol unless ADMIN_REQUIRE_2FA says so. */
export const INITIAL_SECURITY_POLICY: SecurityPolicy = { idleMinutes: 720, requireTwoFactor: 'none' };

/**
 * The response header that tells the web app how long (ms) until this session signs out if nothing more is done: a
 * duration, not a time, so the browser's clock being off does not move the warning.
 */
export const IDLE_REMAINING_HEADER = 'x-session-idle-remaining-ms';

const passkeyName = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');

export const PasskeySchema = z.object({
  _id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeysResponse = z.object({ passkeys: z.array(PasskeySchema) });
export const PasskeyIdParams = z.object({ id: z.uuid('is not a valid id') });
export const PasskeyNameBody = z.object({ name: passkeyName });

// What the browser's WebAuthn call returns, as @simplewebauthn/browser encodes it (base64url strings). Only its shape
// is checked here; @simplewebauthn/server checks what it says.
const b64url = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');
const Extensions = z.record(z.string(), z.unknown()).optional();
const RegistrationResponse = z.object({
  id: b64url, rawId: b64url, type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url, attestationObject: b64url,
    authenticatorData: b64url.optional(), publicKey: b64url.optional(), publicKeyAlgorithm: z.number().optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
  authenticatorAttachment: z.string().max(20).optional(),
  clientExtensionResults: Extensions.default({}),
});
const AuthenticationResponse = z.object({
  id: b64url, rawId: b64url, type: z.literal('public-key'),
  response: z.object({ clientDataJSON: b64url, authenticatorData: b64url, signature: b64url, userHandle: b64url.optional() }),
  authenticatorAttachment: z.string().max(20).optional(),
  clientExtensionResults: Extensions.default({}),
});

/** POST /api/users/me/passkeys/options: the current password first, as for a TOTP setup. */
export const PasskeyOptionsBody = z.object({ password: z.string().min(1, 'is required').max(200) });
export const AddPasskeyBody = z.object({ name: passkeyName, response: RegistrationResponse });
/** The options the browser passes to navigator.credentials (@simplewebauthn's JSON form); not narrowed here. */
export const WebAuthnOptions = z.record(z.string(), z.unknown());
export const PasskeyLoginBody = z.object({ response: AuthenticationResponse });
export const MfaPasskeyOptionsBody = z.object({ mfaToken: z.string().min(1, 'is required').max(200) });
export const MfaPasskeyBody = z.object({ mfaToken: z.string().min(1, 'is required').max(200), response: AuthenticationResponse });

export const PASSKEY_TEXTS = {
  added: 'Passkey added.',
  removed: 'Passkey removed.',
  renamed: 'Passkey renamed.',
  refused: 'That passkey could not be verified. Please try again.',
  expired: 'That passkey request has expired. Please try again.',
  notFound: 'No such passkey.',
  tooMany: 'An account can have at most 20 passkeys.',
  policySaved: 'Sign-in policy saved.',
} as const;
export const MAX_PASSKEYS = 20;
