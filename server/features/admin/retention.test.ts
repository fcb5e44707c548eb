// GET/PUT /api/admin/retention and GET/PUT /api/admin/users/{id}/legal-hold: who may, what bad input is answered, and
// one audit entry per change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RETENTION_DEFAULTS } from '../../../common/retention.ts';
import { auditLog, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';

let ctx: TestContext;
let admin: TestUser;
const call = caller(() => ctx.app);
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.db);
});
afterAll(() => ctx.close());

const audits = (action: 'retention.update' | 'user.legal_hold', targetId?: string) => ctx.db.select().from(auditLog)
  .where(targetId ? and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)) : eq(auditLog.action, action));
const hold = (id: string) => `/api/admin/users/${id}/legal-hold`;

describe('/api/admin/retention', () => {
  it('refuses a visitor (401), a pending member and a member (403), and changes nothing', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const member = await createUser(ctx.db);
    const next = { ...RETENTION_DEFAULTS, chatMessagesDays: 30 };
    expect(await call('GET', '/api/admin/retention')).toMatchObject({ status: 401 });
    expect(await call('PUT', '/api/admin/retention', undefined, next)).toMatchObject({ status: 401 });
    for (const who of [pending, member]) {
      expect(await call('GET', '/api/admin/retention', who)).toMatchObject({ status: 403 });
      expect(await call('PUT', '/api/admin/retention', who, next)).toMatchObject({ status: 403 });
    }
    expect(await call('GET', '/api/admin/retention', admin)).toEqual({ status: 200, body: RETENTION_DEFAULTS });
    expect(await audits('retention.update')).toEqual([]);
  });

  it('answers 400 with a message for bad values, and keeps what was saved', async () => {
    const bad: [object, string][] = [
      [{ ...RETENTION_DEFAULTS, auditYears: 5 }, 'Audit trail must be kept at least 6 years.'],
      [{ ...RETENTION_DEFAULTS, notificationsDays: -1 }, 'Notifications must be 0 (keep for ever) or more.'],
      [{ ...RETENTION_DEFAULTS, chatMessagesDays: 1.5 }, 'Chat messages must be a whole number of days.'],
      [{ ...RETENTION_DEFAULTS, endedSessionsDays: '90' }, 'Ended sessions must be a number of days.'],
      [{ ...RETENTION_DEFAULTS, dataExportsDays: 40_000 }, 'Data exports must be at most 36500 days.'],
    ];
    for (const [body, msg] of bad) expect(await call('PUT', '/api/admin/retention', admin, body)).toMatchObject({ status: 400, body: { msg } });
    const { auditYears: _, ...missing } = RETENTION_DEFAULTS;
    expect(await call('PUT', '/api/admin/retention', admin, missing)).toMatchObject({ status: 400, body: { msg: expect.any(String) } });
    expect(await call('PUT', '/api/admin/retention', admin, { ...RETENTION_DEFAULTS, extra: 1 })).toMatchObject({ status: 400 });
    expect((await call('GET', '/api/admin/retention', admin)).body).toEqual(RETENTION_DEFAULTS);
    expect(await audits('retention.update')).toEqual([]);
  });

  it('saves the settings, reads them back at once, and records one audit entry with before and after', async () => {
    const next = { ...RETENTION_DEFAULTS, chatMessagesDays: 365, auditYears: 7 };
    expect(await call('PUT', '/api/admin/retention', admin, next)).toEqual({ status: 200, body: next });
    expect((await call('GET', '/api/admin/retention', admin)).body).toEqual(next);
    const entries = await audits('retention.update');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, detail: { before: RETENTION_DEFAULTS, after: next } });
  });
});

describe('/api/admin/users/{id}/legal-hold', () => {
  it('refuses a visitor (401), a pending member, another member and the member themself (403)', async () => {
    const member = await createUser(ctx.db);
    const pending = await createUser(ctx.db, { status: 'pending' });
    const other = await createUser(ctx.db);
    expect(await call('GET', hold(member.id))).toMatchObject({ status: 401 });
    expect(await call('PUT', hold(member.id), undefined, { on: true, reason: 'Subpoena' })).toMatchObject({ status: 401 });
    for (const who of [pending, other, member]) {
      expect(await call('GET', hold(member.id), who)).toMatchObject({ status: 403 });
      expect(await call('PUT', hold(member.id), who, { on: true, reason: 'Subpoena' })).toMatchObject({ status: 403 });
    }
    const [row] = await ctx.db.select({ at: users.legalHoldAt }).from(users).where(eq(users.id, member.id));
    expect(row.at).toBeNull();
  });

  it('answers 400 for a hold without a reason or a bad body, 404 for nobody, and changes nothing', async () => {
    const member = await createUser(ctx.db);
    expect(await call('PUT', hold(member.id), admin, { on: true })).toMatchObject({ status: 400, body: { msg: 'A legal hold needs a reason.' } });
    expect(await call('PUT', hold(member.id), admin, { on: true, reason: '   ' })).toMatchObject({ status: 400, body: { msg: 'A legal hold needs a reason.' } });
    expect(await call('PUT', hold(member.id), admin, { on: 'yes', reason: 'x' })).toMatchObject({ status: 400, body: { msg: 'on must be true or false.' } });
    expect(await call('PUT', hold(member.id), admin, { on: true, reason: 'x'.repeat(501) })).toMatchObject({ status: 400 });
    expect(await call('PUT', hold('not-an-id'), admin, { on: false })).toMatchObject({ status: 400 });
    expect(await call('PUT', hold('00000000-0000-4000-8000-000000000000'), admin, { on: false })).toMatchObject({ status: 404 });
    expect(await audits('user.legal_hold', member.id)).toEqual([]);
  });

  it('an administrator sets and releases it; each change is one audit entry; members never see it', async () => {
    const member = await createUser(ctx.db);
    expect(await call('GET', hold(member.id), admin)).toEqual({ status: 200, body: { on: false, at: null, reason: null, by: null } });
    const set = await call('PUT', hold(member.id), admin, { on: true, reason: 'Court order 2026-114' });
    expect(set).toMatchObject({ status: 200, body: { on: true, reason: 'Court order 2026-114', by: { _id: admin.id } } });
    expect(Date.parse(set.body.at)).not.toBeNaN();
    expect((await call('GET', hold(member.id), admin)).body).toEqual(set.body);
    // What anyone else reads of the member says nothing of it.
    expect(JSON.stringify((await call('GET', `/api/users/${member.id}`, member)).body)).not.toMatch(/legal|Court order/i);
    expect(JSON.stringify((await call('GET', '/api/users/me', member)).body)).not.toMatch(/legal|Court order/i);
    expect(await call('PUT', hold(member.id), admin, { on: false })).toEqual({ status: 200, body: { on: false, at: null, reason: null, by: null } });
    const entries = await audits('user.legal_hold', member.id);
    expect(entries.map((e) => e.detail)).toEqual(expect.arrayContaining([{ on: true, reason: 'Court order 2026-114' }, { on: false }]));
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.actorId === admin.id && e.targetType === 'user')).toBe(true);
  });
});
