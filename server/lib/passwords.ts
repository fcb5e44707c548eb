import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
// algorithm 2 is Argon2id (the package's enum is a const enum, which type stripping cannot read).
const PRODUCTION = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// The test runs' hashes guard nothing, and at the baseline one took 0.25-0.55 s on the busy two-core test machine: the
// browser tests register hundreds of therapists and sign in at every test. Argon2id's smallest cost, set only by the
// test configurations (vitest.config.ts, scripts/e2e-server.ts); a hash names its own cost, so verifying is unchanged.
const TESTS = { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 } as const;
const OPTIONS = process.env.TEST_PASSWORD_HASH_COST === 'lowest' ? TESTS : PRODUCTION;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this keeps an unknown email as slow as a wrong password, so timing reveals nothing.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-anyone-uses');
  await verifyPassword(await dummyHash, password);
}
