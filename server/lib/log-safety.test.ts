import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { maskValues, safeError } from './log-safety.ts';

describe('what a logged error may say', () => {
  it('keeps the class, SQLSTATE and constraint of a failed query, never its SQL or parameters', () => {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "users_licence_check"'), { code: '23514', constraint: 'users_licence_check' });
    const wrapped = Object.assign(new Error('Failed query: insert into "users" ("email") values ($1)\nparams: ana@example.org,$argon2id$v=19$m=19456'), {
      name: 'DrizzleQueryError', query: 'insert into "users" ("email") values ($1)', params: ['ana@example.org'], cause,
    });
    const safe = safeError(wrapped);
    expect(safe).toMatchObject({ type: 'DrizzleQueryError', code: '23514', constraint: 'users_licence_check' });
    expect(JSON.stringify(safe)).not.toMatch(/ana@example\.org|argon2|insert into/);
  });

  it('masks emails, hashes, long tokens and quoted values in any message', () => {
    expect(maskValues('mail to ana@example.org failed: token abcdefghijklmnopqrstuvwxyz012345 for "Amara"'))
      .toBe('mail to [email] failed: token [token] for "…"');
  });
});

describe('log lines of a real failure', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
    // A constraint the request cannot know about makes the INSERT fail with the registration's values as parameters.
    await ctx.db.execute(sql`ALTER TABLE users ADD CONSTRAINT users_licence_check CHECK (licence_number <> 'LOG-TRAP-7731')`);
  });
  afterAll(() => ctx.close());

  it('carry no email, password, hash or licence number', async () => {
    const body = {
      name: 'Robin Ashford', email: 'robin.logtrap@example.test', password: 'quiet-harbour-lantern', confirmPassword: 'quiet-harbour-lantern',
      profession: 'Registered Psychotherapist', licenceNumber: 'LOG-TRAP-7731', licensingBody: 'CRPO', region: 'ON', country: 'Canada', licenceExpiresOn: '2031-12-31',
    };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
    expect(res.statusCode).toBe(500);
    const log = lines.join('\n');
    expect(log).toMatch(/23514/);
    for (const secret of [body.email, body.password, body.licenceNumber, '$argon2', 'Robin Ashford']) expect(log).not.toContain(secret);
  });
});
