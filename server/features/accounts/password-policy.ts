import { createRequire } from 'node:module';
import { LIMITS } from '../../../common/constants.ts';

// zxcvbn-ts ships a frequency-ordered list of leaked passwords; the first 10,000 are the ones we refuse.
const require = createRequire(import.meta.url);
const COMMON = new Set<string>((require('@zxcvbn-ts/language-common/src/passwords.json') as string[]).slice(0, 10_000));

export const PASSWORD_RULES = {
  length: `Password must be between ${LIMITS.passwordMin} and ${LIMITS.passwordMax} characters.`,
  common: 'This password is one of the most common passwords. Please choose a less guessable one.',
  personal: 'Password must not be your email address or your name.',
} as const;

/** The server's password rule; returns the message of the first rule broken, or null. */
export function passwordProblem(password: string, person: { email: string; name: string }): string | null {
  if (password.length < LIMITS.passwordMin || password.length > LIMITS.passwordMax) return PASSWORD_RULES.length;
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return PASSWORD_RULES.common;
  const email = person.email.trim().toLowerCase();
  const personal = [email, email.split('@')[0], person.name.trim().toLowerCase(), person.name.replace(/\s+/g, '').toLowerCase()];
  if (personal.some((value) => value.length > 0 && lower === value)) return PASSWORD_RULES.personal;
  return null;
}
