import { createAdmin, createUser, type TestUser } from './factories.ts';
import { createTestContext, type TestContext } from './harness.ts';

export type Cast = { ctx: TestContext; ana: TestUser; ben: TestUser; pending: TestUser; admin: TestUser };

/** The people most API tests need, in a fresh app: two verified members, a pending one and an administrator. */
export async function createCast(
  names: { ana: string; ben: string }, anaOverrides: Parameters<typeof createUser>[1] = {}, options: Parameters<typeof createTestContext>[0] = {},
): Promise<Cast> {
  const ctx = await createTestContext(options);
  return {
    ctx,
    ana: await createUser(ctx.db, { name: names.ana, ...anaOverrides }),
    ben: await createUser(ctx.db, { name: names.ben }),
    pending: await createUser(ctx.db, { status: 'pending' }),
    admin: await createAdmin(ctx.db),
  };
}
