// Codes for tests, computed with the same library the server uses, from the secret the setup shows as text.
import { Secret, TOTP } from 'otpauth';
import type { TestUser } from './factories.ts';
import type { App } from '../context.ts';

const PERIOD_MS = 30_000;

/** The code of the step `offset` steps from now (-1: the previous one, accepted once as clock drift). */
export const codeAt = (secret: string, offset = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset * PERIOD_MS });

/** Waits out the last second of a step, so a code computed now is still of the same step when the server reads it. */
export async function awayFromStepEdge(): Promise<void> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < 1500) await new Promise((r) => setTimeout(r, left + 50));
}

/**
 * Turns two-factor sign-in on for the user through the API (the set-up asks for the password), confirming with the previous step's code, so the current
 * and next steps' codes are still unused for the test.
 */
export async function enrol(app: App, user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await app.inject({ method: 'POST', url: '/api/users/me/2fa/setup', headers: user.headers, payload: { password: user.password } });
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  await awayFromStepEdge();
  const enable = await app.inject({ method: 'POST', url: '/api/users/me/2fa/enable', headers: user.headers, payload: { code: codeAt(secret, -1) } });
  if (enable.statusCode !== 200) throw new Error(`enable: ${enable.statusCode} ${enable.body}`);
  return { secret, recoveryCodes: enable.json().recoveryCodes };
}
