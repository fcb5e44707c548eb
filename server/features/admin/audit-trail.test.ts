// The access audit trail: one entry per audited event, with where it came from; the hash chain finds an edit, a
// deletion and a reorder; the table refuses changes; who may read what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditEntry } from '../../../common/audit.ts';
import { queryRows } from '../../db/client.ts';
import { conversationParticipants, conversations, messages, reports, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { verifyAuditChain } from '../../lib/audit-chain.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { mailIn } from '../../test/mail.ts';
import { enrol } from '../../test/totp.ts';

let ctx: TestContext;
let admin: TestUser;
const call = caller(() => ctx.app);
const ADDRESS = '198.51.100.7';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.db, { name: 'Ada Admin' });
});
afterAll(() => ctx.close());

type Row = {
  id: string; seq: string; action: string; actor_id: string | null; actor_role: string | null; member_id: string | null;
  request_id: string | null; client_address: string | null; reason: string | null; detail: Record<string, unknown>;
};
const lastSeq = async () => Number((await queryRows<{ n: string }>(ctx.db, sql`SELECT coalesce(max(seq), 0) AS n FROM audit_log`))[0].n);
const entriesSince = (seq: number) => queryRows<Row>(ctx.db, sql`
  SELECT id, seq, action, actor_id, actor_role, member_id, request_id, client_address, reason, detail FROM audit_log
  WHERE seq > ${seq} ORDER BY seq`);

/** Runs `act` and answers the entries it wrote. */
async function written(act: () => Promise<unknown>): Promise<Row[]> {
  const before = await lastSeq();
  await act();
  return entriesSince(before);
}

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, payload, remoteAddress: ADDRESS, headers: { ...(user?.headers ?? {}), 'x-request-id': `req-${url.length}-${method}` } });

describe('each audited event writes exactly one entry, with its request and client address', () => {
  it('sign-in that succeeded, failed (wrong password, unknown address) and was refused (disabled account)', async () => {
    const member = await createUser(ctx.db);
    const ok = await written(() => inject('POST', '/api/users/login', undefined, { email: member.email, password: member.password }));
    expect(ok).toEqual([expect.objectContaining({
      action: 'auth.sign_in', actor_id: member.id, actor_role: 'user', member_id: member.id, client_address: ADDRESS, request_id: 'req-16-POST',
    })]);
    expect(ok[0].detail).toMatchObject({ secondFactor: false, device: expect.objectContaining({ browser: null, platform: null }) });
    const wrong = await written(() => inject('POST', '/api/users/login', undefined, { email: member.email, password: 'not-the-password-1' }));
    expect(wrong).toEqual([expect.objectContaining({ action: 'auth.sign_in_failed', member_id: member.id, detail: expect.objectContaining({ reason: 'wrong_password' }) })]);
    const nobody = await written(() => inject('POST', '/api/users/login', undefined, { email: 'nobody@example.org', password: 'whatever-it-is-1' }));
    expect(nobody).toEqual([expect.objectContaining({ action: 'auth.sign_in_failed', actor_id: null, actor_role: 'visitor', member_id: null })]);
    expect(JSON.stringify(nobody[0])).not.toContain('nobody@example.org');
    await ctx.db.update(users).set({ disabled: true }).where(sql`id = ${member.id}`);
    const refused = await written(() => inject('POST', '/api/users/login', undefined, { email: member.email, password: member.password }));
    expect(refused).toEqual([expect.objectContaining({ action: 'auth.sign_in_refused', member_id: member.id, detail: expect.objectContaining({ reason: 'account_disabled' }) })]);
  });

  it('sign-out, session revocation, two-factor on and off, password change', async () => {
    const member = await createUser(ctx.db);
    const other = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: member.email, password: member.password } });
    const otherToken = other.json().token as string;
    const sessionsList = (await call('GET', '/api/users/me/sessions', member)).body.sessions as { _id: string; current: boolean }[];
    const otherSession = sessionsList.find((s) => !s.current)!;
    expect((await written(() => inject('DELETE', `/api/users/me/sessions/${otherSession._id}`, member))).map((e) => [e.action, e.member_id]))
      .toEqual([['auth.session_revoke', member.id]]);
    expect(otherToken).toBeTruthy();

    const enabled = await written(() => enrol(ctx.app, member));
    expect(enabled.map((e) => e.action)).toEqual(['auth.two_factor_enable']);

    const changed = await written(() => inject('POST', '/api/users/me/password', member, { currentPassword: member.password, newPassword: 'a-new-long-passphrase-42' }));
    expect(changed.map((e) => [e.action, e.actor_id, e.client_address])).toEqual([['auth.password_change', member.id, ADDRESS]]);

    const out = await written(() => inject('POST', '/api/users/logout', member));
    expect(out.map((e) => e.action)).toEqual(['auth.sign_out']);
  });

  it('email change, data export requested, account deletion', async () => {
    const member = await createUser(ctx.db);
    expect((await call('POST', '/api/users/me/email', member, { password: member.password, email: `new-${member.email}` })).status).toBe(200);
    const mail = await mailIn(ctx.outboxDir, `new-${member.email}`, /confirm-email/);
    const token = /confirm-email\?token=(?:3D)?([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? '';
    const confirmed = await written(async () => expect((await inject('POST', '/api/users/confirm-email', undefined, { token })).json()).toEqual({ msg: expect.any(String) }));
    expect(confirmed.map((e) => [e.action, e.member_id])).toEqual([['auth.email_change', member.id]]);
    // The trail keeps neither address.
    expect(JSON.stringify(confirmed)).not.toContain(member.email);

    // Confirmed from a signed-out browser, the change ended every session: sign in again at the new address.
    const again = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: `new-${member.email}`, password: member.password } });
    const token2 = again.json().token as string;
    Object.assign(member, { token: token2, headers: { 'x-auth-token': token2 } });
    const requested = await written(() => inject('POST', '/api/users/me/export', member));
    expect(requested.map((e) => [e.action, e.member_id])).toEqual([['export.request', member.id]]);

    const deleted = await written(() => inject('DELETE', '/api/users/me', member, { password: member.password, deleteContent: false }));
    expect(deleted.map((e) => [e.action, e.member_id])).toEqual([['user.delete', member.id]]);
  });

  it('a licence decision, and an administrator reading licence details (queue, profile)', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const queue = await written(() => inject('GET', '/api/admin/verifications?limit=100', admin));
    expect(queue.filter((e) => e.member_id === pending.id).map((e) => [e.action, e.actor_id, e.actor_role]))
      .toEqual([['licence.read', admin.id, 'admin']]);
    const profile = await written(() => inject('GET', `/api/users/${pending.id}`, admin));
    expect(profile.map((e) => [e.action, e.member_id])).toEqual([['licence.read', pending.id]]);
    const decided = await written(() => inject('PATCH', `/api/admin/verifications/${pending.id}`, admin, { approved: true }));
    expect(decided.map((e) => [e.action, e.member_id, e.client_address])).toEqual([['licence.verify', pending.id, ADDRESS]]);
    // A member reading a colleague's profile reads no licence number: nothing is written.
    const colleague = await createUser(ctx.db);
    expect(await written(() => inject('GET', `/api/users/${pending.id}`, colleague))).toEqual([]);
  });

  it('a referral read by its recipient (not by its sender)', async () => {
    const sender = await createUser(ctx.db, { name: 'Dr Sender' });
    const recipient = await createUser(ctx.db, { name: 'Dr Recipient' });
    const [{ id }] = await queryRows<{ id: string }>(ctx.db, sql`
      INSERT INTO referrals (sender_id, age_group, concerns, session_formats, region, note, expires_at)
      VALUES (${sender.id}, 'Teen', ARRAY['Anxiety'], ARRAY['Online'], 'ON', 'Note', now() + interval '30 days') RETURNING id`);
    await ctx.db.execute(sql`INSERT INTO referral_recipients (referral_id, recipient_id) VALUES (${id}, ${recipient.id})`);
    expect(await written(() => inject('GET', `/api/referrals/${id}`, sender))).toEqual([]);
    const read = await written(() => inject('GET', `/api/referrals/${id}`, recipient));
    expect(read.map((e) => [e.action, e.actor_id, e.member_id])).toEqual([['referral.read', recipient.id, sender.id]]);
    const log = (await call('GET', '/api/users/me/access-log', sender)).body;
    expect(log.events[0]).toMatchObject({ action: 'referral.read', who: { kind: 'member', name: 'Dr Recipient' } });
  });
});

describe('break-glass: an administrator reads a reported conversation with a reason', () => {
  async function reportedMessage() {
    const author = await createUser(ctx.db, { name: 'Arlo Author' });
    const reporter = await createUser(ctx.db, { name: 'Rhea Reporter' });
    const [conv] = await ctx.db.insert(conversations).values({ pairKey: `${Math.random()}` }).returning({ id: conversations.id });
    await ctx.db.insert(conversationParticipants).values([{ conversationId: conv.id, userId: author.id }, { conversationId: conv.id, userId: reporter.id }]);
    await ctx.db.insert(messages).values({ conversationId: conv.id, senderId: reporter.id, text: 'Before it' });
    const [message] = await ctx.db.insert(messages).values({ conversationId: conv.id, senderId: author.id, text: 'The reported words' })
      .returning({ id: messages.id });
    const [report] = await ctx.db.insert(reports).values({
      reporterId: reporter.id, targetType: 'message', targetId: message.id, targetAuthorId: author.id, reason: 'harassment', details: '',
    }).returning({ id: reports.id });
    return { author, reporter, reportId: report.id, messageId: message.id };
  }

  it('refuses a short or missing reason (400) and writes nothing; members and visitors are refused', async () => {
    const { reportId, author } = await reportedMessage();
    const url = `/api/admin/reports/${reportId}/conversation`;
    expect(await written(async () => expect((await inject('POST', url, admin, { reason: 'too short' })).statusCode).toBe(400))).toEqual([]);
    expect(await written(async () => expect((await inject('POST', url, admin, {})).statusCode).toBe(400))).toEqual([]);
    expect((await inject('POST', url, author, { reason: 'I would like to read it' })).statusCode).toBe(403);
    expect((await inject('POST', url, undefined, { reason: 'I would like to read it' })).statusCode).toBe(401);
  });

  it('shows the message among its neighbours and records the reading once per participant, with the reason', async () => {
    const { author, reporter, reportId, messageId } = await reportedMessage();
    const reason = 'Checking the context of a harassment report';
    const entries = await written(async () => {
      const res = await inject('POST', `/api/admin/reports/${reportId}/conversation`, admin, { reason });
      expect(res.statusCode).toBe(200);
      expect(res.json().messages.map((m: { text: string; reported: boolean }) => [m.text, m.reported]))
        .toEqual([['Before it', false], ['The reported words', true]]);
    });
    expect(entries.map((e) => [e.action, e.member_id, e.reason, e.actor_id]).sort()).toEqual([
      ['report.message_open', author.id, reason, admin.id], ['report.message_open', reporter.id, reason, admin.id],
    ].sort());
    expect(entries[0]).toMatchObject({ client_address: ADDRESS, detail: expect.objectContaining({ reportId }) });
    // The list itself never shows the words.
    const open = (await call('GET', '/api/admin/reports', admin)).body.items.find((i: { targetId: string }) => i.targetId === messageId);
    expect(open.content).toMatchObject({ text: '', sealed: true });
    const seen = (await call('GET', '/api/users/me/access-log', reporter)).body.events[0];
    expect(seen).toMatchObject({ action: 'report.message_open', who: { kind: 'admin', name: null } });
  });
});

describe('the hash chain', () => {
  /** As the database's superuser, past the triggers: what an attacker with the server's keys could do. */
  const asSuperuser = async (statement: ReturnType<typeof sql>) => {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(statement);
    });
  };
  const three = async () => {
    const before = await lastSeq();
    for (const i of [1, 2, 3]) await recordAudit(ctx.db, { actorId: admin.id, action: 'user.disable', targetType: 'user', targetId: `chain-${i}` });
    return entriesSince(before);
  };

  it('verifies whole, through the API and for administrators only', async () => {
    await three();
    const res = await call('GET', '/api/admin/audit/verify', admin);
    expect(res).toEqual({ status: 200, body: { ok: true, entries: expect.any(Number), firstBrokenId: null } });
    expect(res.body.entries).toBeGreaterThan(3);
    const member = await createUser(ctx.db);
    expect((await call('GET', '/api/admin/audit/verify', member)).status).toBe(403);
    expect((await call('GET', '/api/admin/audit/verify')).status).toBe(401);
  });

  it('names the entry a superuser edited, and is whole again once the edit is undone', async () => {
    const [, second] = await three();
    await asSuperuser(sql`UPDATE audit_log SET target_id = 'someone-else' WHERE id = ${second.id}`);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ ok: false, firstBrokenId: second.id });
    await asSuperuser(sql`UPDATE audit_log SET target_id = 'chain-2' WHERE id = ${second.id}`);
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);
  });

  it('finds a deleted entry (naming the one after the gap), and a reorder', async () => {
    const [, second, third] = await three();
    const [copy] = await queryRows<Record<string, unknown>>(ctx.db, sql`SELECT * FROM audit_log WHERE id = ${second.id}`);
    await asSuperuser(sql`DELETE FROM audit_log WHERE id = ${second.id}`);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ ok: false, firstBrokenId: third.id });
    await asSuperuser(sql`INSERT INTO audit_log SELECT * FROM json_populate_record(NULL::audit_log, ${JSON.stringify(copy)}::json)`);
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);

    // Swapping two entries' places in the order.
    const swap = async (a: Row, b: Row) => {
      await asSuperuser(sql`UPDATE audit_log SET seq = -1 WHERE id = ${a.id}`);
      await asSuperuser(sql`UPDATE audit_log SET seq = ${Number(a.seq)}::bigint WHERE id = ${b.id}`);
      await asSuperuser(sql`UPDATE audit_log SET seq = ${Number(b.seq)}::bigint WHERE id = ${a.id}`);
    };
    await swap(second, third);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ ok: false, firstBrokenId: third.id });
    await swap({ ...second, seq: third.seq }, { ...third, seq: second.seq });
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);
  });

  it('the application cannot update, delete or truncate the table', async () => {
    const [first] = await three();
    await expect(ctx.db.execute(sql`UPDATE audit_log SET action = 'x' WHERE id = ${first.id}`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`DELETE FROM audit_log WHERE id = ${first.id}`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    // The erasure switch allows blanking a detail, and nothing else.
    await expect(ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('audit.erasure', 'on', true)`);
      await tx.execute(sql`UPDATE audit_log SET action = 'x', detail = '{}'::jsonb, redacted_at = now() WHERE id = ${first.id}`);
    })).rejects.toThrow();
  });

  it('lets the retention purge remove the oldest entries only, and verifies from the oldest remaining', async () => {
    const purge = (where: ReturnType<typeof sql>) => ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('audit.retention_purge', 'on', true)`);
      await tx.execute(sql`DELETE FROM audit_log WHERE ${where}`);
    });
    const [first] = await three();
    const refused = await purge(sql`id = ${first.id}`).then(() => null, (error: { cause?: Error }) => error.cause?.message);
    expect(refused).toMatch(/oldest entries only/);
    const [{ min }] = await queryRows<{ min: string }>(ctx.db, sql`SELECT min(seq) AS min FROM audit_log`);
    await purge(sql`seq <= ${Number(min) + 1}`);
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);
  });
});

describe('reading the trail', () => {
  it('answers the two breach questions with one filter each, as JSON and as CSV', async () => {
    const actor = await createAdmin(ctx.db);
    const subject = await createUser(ctx.db, { name: '=HYPERLINK("x")' });
    const from = new Date().toISOString();
    await recordAudit(ctx.db, { actorId: actor.id, action: 'user.disable', targetType: 'user', targetId: subject.id });
    await recordAudit(ctx.db, { actorId: admin.id, action: 'user.enable', targetType: 'user', targetId: subject.id });
    const byActor = (await call('GET', `/api/admin/audit?actorId=${actor.id}&from=${encodeURIComponent(from)}`, admin)).body;
    expect(byActor.entries.map((e: AuditEntry) => e.action)).toEqual(['user.disable']);
    const byMember = (await call('GET', `/api/admin/audit?memberId=${subject.id}`, admin)).body;
    expect(byMember.entries.map((e: AuditEntry) => [e.action, e.actorId])).toEqual([['user.enable', admin.id], ['user.disable', actor.id]]);

    for (const ask of [
      { url: `/api/admin/audit?memberId=${subject.id}`, headers: { ...admin.headers, accept: 'text/csv' } },
      { url: `/api/admin/audit.csv?memberId=${subject.id}`, headers: admin.headers },
    ]) {
      const res = await ctx.app.inject({ method: 'GET', ...ask });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const lines = res.body.trim().split('\n');
      expect(lines[0]).toMatch(/^seq,_id,createdAt,actorId,actorRole,action/);
      expect(lines).toHaveLength(3);
      // A spreadsheet shows the name as text instead of running it.
      expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    }
  });

  it('refuses members (403, also pending ones) and visitors (401)', async () => {
    const member = await createUser(ctx.db);
    const pending = await createUser(ctx.db, { status: 'pending' });
    for (const url of ['/api/admin/audit', '/api/admin/audit.csv', '/api/admin/audit/verify']) {
      expect((await call('GET', url, member)).status).toBe(403);
      expect((await call('GET', url, pending)).status).toBe(403);
      expect((await call('GET', url)).status).toBe(401);
    }
  });

  it('a member reads their own access log only: sign-ins with device and masked address', async () => {
    const one = await createUser(ctx.db);
    const two = await createUser(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress: ADDRESS, headers: { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15' }, payload: { email: one.email, password: one.password } });
    const log = (await call('GET', '/api/users/me/access-log', one)).body;
    expect(log.events[0]).toMatchObject({ action: 'auth.sign_in', who: { kind: 'you', name: null }, address: '198.51.100.x', device: expect.objectContaining({ browser: 'Safari', browserVersion: '17', os: 'macOS', platform: 'desktop' }) });
    expect((await call('GET', '/api/users/me/access-log', two)).body.events).toEqual([]);
    // There is no way to name another member: the log is always the caller's.
    expect((await call('GET', `/api/users/me/access-log?memberId=${one.id}`, two)).body.events).toEqual([]);
    expect((await call('GET', '/api/users/me/access-log')).status).toBe(401);
    expect((await call('GET', '/api/users/me/access-log?cursor=abc', one)).status).toBe(400);
  });
});
