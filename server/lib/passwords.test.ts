// The test configurations hash at argon2id's lowest cost; everything else keeps the production cost.
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function freshHash(): Promise<string> {
  vi.resetModules();
  const { hashPassword } = await import('./passwords.ts');
  return hashPassword('correct-horse-battery-staple');
}

it('hashes at the production cost (19 MiB, 2 passes) unless a test configuration asks for the lowest', async () => {
  vi.stubEnv('TEST_PASSWORD_HASH_COST', undefined);
  const production = await freshHash();
  expect(production).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  vi.stubEnv('TEST_PASSWORD_HASH_COST', 'lowest');
  expect(await freshHash()).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
  // A hash carries its cost: one made at the production cost verifies whatever the setting.
  const { verifyPassword } = await import('./passwords.ts');
  expect(await verifyPassword(production, 'correct-horse-battery-staple')).toBe(true);
  expect(await verifyPassword(production, 'wrong')).toBe(false);
});
