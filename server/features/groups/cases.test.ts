// Cases: the privacy guard on every field and comment (400 naming what looked identifying), members only (a removed
// member loses access at once), threaded comments, "discussed at" a meeting, sealed storage, the audit of reads by
// others; and the meeting reminders a day and an hour before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FINDING_WORDS, PRIVACY_TEXTS } from '../../../common/privacy-check.ts';
import { GROUP_TEXTS } from '../../../common/groups.ts';
import { queryRows } from '../../db/client.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { createUser, randomLetters, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { controlledClock, GROUP, groupWith } from './test-helpers.ts';

let cast: Cast;
const clock = controlledClock('2026-10-20T12:00:00.000Z');
const call = caller(() => cast.ctx.app);
let a: TestUser; let b: TestUser; let id: string;
const CASE = () => ({
  presentingConcern: `Panic attacks at work ${randomLetters()}`, ageGroup: 'Adults', context: 'Eight sessions of CBT so far, some progress.',
  question: 'How would you pace exposure work here?',
});

beforeAll(async () => {
  cast = await createCast({ ana: 'Ana Facilitator', ben: 'Ben Outsider' }, {}, { now: clock.now });
  [a, b] = await Promise.all([createUser(cast.ctx.db, { name: 'Amara Member' }), createUser(cast.ctx.db)]);
  id = await groupWith(call, cast.ana, [a, b], { visibility: 'listed', schedule: { ...GROUP().schedule, weekday: 'Sunday', startsOn: '2026-10-01' } });
});
afterAll(() => cast.ctx.close());

describe('cases', () => {
  it('a member presents a case; members read it with comments; it is stored sealed and reads by others are audited', async () => {
    const body = CASE();
    const res = await call('POST', `/api/groups/${id}/cases`, a, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...body, author: { _id: a.id }, discussedAt: null, comments: [] });
    const [stored] = await queryRows<{ presenting_concern: string }>(cast.ctx.db, sql`SELECT presenting_concern FROM group_cases WHERE id = ${res.body._id}`);
    expect(stored.presenting_concern).not.toContain('Panic');
    const detail = await call('GET', `/api/groups/${id}`, cast.ana);
    expect(detail.body.cases.map((c: { _id: string }) => c._id)).toContain(res.body._id);
    const [audit] = await queryRows<{ n: number }>(cast.ctx.db, sql`SELECT count(*)::int AS n FROM audit_log
      WHERE action = 'group_case.read' AND actor_id = ${cast.ana.id} AND member_id = ${a.id}`);
    expect(audit.n).toBeGreaterThan(0);
  });

  it('refuses identifying text in any field or comment, naming what looked identifying', async () => {
    for (const field of ['presentingConcern', 'context', 'question'] as const) {
      const res = await call('POST', `/api/groups/${id}/cases`, a, { ...CASE(), [field]: 'Call her at 416-555-0199 after work' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('IDENTIFYING_TEXT');
      expect(res.body.msg).toBe(PRIVACY_TEXTS.refused({ presentingConcern: 'presenting concern', context: 'context', question: 'question' }[field], FINDING_WORDS.phone));
    }
    const email = await call('POST', `/api/groups/${id}/cases`, a, { ...CASE(), context: 'Her mother wrote from ann@example.com' });
    expect(email.body.msg).toBe(PRIVACY_TEXTS.refused('context', FINDING_WORDS.email));
    const made = await call('POST', `/api/groups/${id}/cases`, a, CASE());
    const comment = await call('POST', `/api/groups/${id}/cases/${made.body._id}/comments`, b, { body: 'Born 12/03/1990, worth noting' });
    expect(comment.body).toMatchObject({ code: 'IDENTIFYING_TEXT', msg: PRIVACY_TEXTS.refused('comment', FINDING_WORDS.date) });
  });

  it('threads comments and marks a case discussed at a meeting', async () => {
    const made = await call('POST', `/api/groups/${id}/cases`, a, CASE());
    const url = `/api/groups/${id}/cases/${made.body._id}`;
    const first = await call('POST', `${url}/comments`, b, { body: `Try graded exposure ${randomLetters()}` });
    expect(first.status).toBe(201);
    const parentId = first.body.comments[0]._id;
    const reply = await call('POST', `${url}/comments`, cast.ana, { body: 'Agreed, slowly.', parentId });
    // The test's clock stands still: both comments have one time, so their order is not asserted.
    expect(reply.body.comments.map((c: { parentId: string | null }) => c.parentId).sort()).toEqual([parentId, null].sort());
    const meeting = `${id}_20261025T230000Z`;
    expect((await call('PUT', `${url}/discussed`, b, { meetingId: meeting })).body.discussedAt).toBe('2026-10-25T23:00:00.000Z');
    expect((await call('PUT', `${url}/discussed`, b, { meetingId: `${id}_20261026T230000Z` })).body.msg).toBe(GROUP_TEXTS.meetingNotFound);
    expect((await call('GET', url, a)).body.comments).toHaveLength(2);
  });

  it('only members read or write cases: not another member, an administrator or a pending member; leaving ends access', async () => {
    const made = await call('POST', `/api/groups/${id}/cases`, b, CASE());
    const url = `/api/groups/${id}/cases/${made.body._id}`;
    for (const outsider of [cast.ben, cast.admin]) {
      expect((await call('GET', url, outsider)).status).toBe(403);
      expect((await call('POST', `/api/groups/${id}/cases`, outsider, CASE())).status).toBe(403);
      expect((await call('GET', `/api/groups/${id}`, outsider)).body.cases).toBeNull();
    }
    expect((await call('GET', url, cast.pending)).status).toBe(403);
    expect((await call('GET', url)).status).toBe(401);
    expect((await call('GET', url, a)).status).toBe(200);
    await call('DELETE', `/api/groups/${id}/members/${b.id}`, b);
    expect((await call('GET', url, b)).body).toEqual({ msg: GROUP_TEXTS.notMember, code: 'FORBIDDEN' });
    expect((await call('POST', `${url}/comments`, b, { body: 'still here' })).status).toBe(403);
  });
});

describe('meeting reminders', () => {
  it('notify members a day and an hour before each meeting, and not for a cancelled one', async () => {
    const m = await createUser(cast.ctx.db);
    clock.set('2026-10-20T12:00:00.000Z');
    const gid = await groupWith(call, cast.ana, [m], { schedule: { ...GROUP().schedule, weekday: 'Sunday', startsOn: '2026-10-01' } });
    // Sunday 1 November, 19:00 EST (daylight saving ended that morning).
    expect((await call('PATCH', `/api/groups/${gid}/meetings/${gid}_20261102T000000Z`, cast.ana, { status: 'cancelled' })).status).toBe(200);
    const count = async () => (await queryRows<{ detail: string }>(cast.ctx.db, sql`SELECT detail FROM notifications
      WHERE user_id = ${m.id} AND type = 'groupMeetingSoon' ORDER BY created_at`)).map((r) => r.detail);
    for (const at of ['2026-10-24T23:00:00.000Z', '2026-10-25T22:00:00.000Z', '2026-11-01T00:00:00.000Z', '2026-11-01T23:00:00.000Z']) {
      clock.set(at);
      await cast.ctx.app.jobs.runDue(new Date(at));
    }
    expect(await count()).toEqual(['day', 'hour']);
  });
});
