// Replays of round three's one-time actions (decision 0360): each answered a second time, one after the other and both
// at once (a double click, a retried request), must be refused with {msg, code} or be a harmless no-op, never act twice.
// (A passkey challenge used twice is in features/accounts/passkeys.test.ts, a removed member's socket in
// features/chat/group-sockets.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { controlledClock, DAY_MS, NEEDS } from '../features/referrals/test-helpers.ts';
import { GROUP } from '../features/groups/test-helpers.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { createUser } from './factories.ts';
import { caller } from './http.ts';
import { createActors, createWorld, type Actors, type World } from './attack-world.ts';

const clock = controlledClock();
let ctx: TestContext;
let actors: Actors;
let world: World;
const call = caller(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext({ now: clock.now });
  actors = await createActors(ctx);
  world = await createWorld(ctx, actors);
}, 180_000);
afterAll(() => ctx?.close());

const refusal = { msg: expect.any(String), code: expect.any(String) };
const both = <T>(make: () => Promise<T>) => Promise.all([make(), make()]);
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();

async function seatsAndMembers(groupId: string) {
  const [row] = await queryRows<{ seats: number; members: number }>(ctx.db, sql`
    SELECT g.members_count AS seats, (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id) AS members
    FROM consultation_groups g WHERE g.id = ${groupId}::uuid`);
  return row;
}

describe('group invitations and join requests', () => {
  it('an invitation accepted twice: the second is 409, one seat is taken', async () => {
    const user = await createUser(ctx.db);
    const invited = await call('POST', `/api/groups/${world.groupId}/invitations`, world.owner, { userId: user.id });
    const url = `/api/groups/${world.groupId}/invitations/${invited.body._id}`;
    expect((await call('PATCH', url, user, { accept: true })).status).toBe(200);
    expect(await call('PATCH', url, user, { accept: true })).toEqual({ status: 409, body: refusal });
    expect(await call('PATCH', url, user, { accept: false })).toEqual({ status: 409, body: refusal });
    const { seats, members } = await seatsAndMembers(world.groupId);
    expect(seats).toBe(members);
  });

  it('an invitation accepted twice at once: one 200, one 409, and the seat count stays the members\' count', async () => {
    const groupId = (await call('POST', '/api/groups', world.owner, GROUP())).body._id as string;
    const user = await createUser(ctx.db);
    const invited = await call('POST', `/api/groups/${groupId}/invitations`, world.owner, { userId: user.id });
    const answers = await both(() => call('PATCH', `/api/groups/${groupId}/invitations/${invited.body._id}`, user, { accept: true }));
    expect(statuses(answers)).toEqual([200, 409]);
    const { seats, members } = await seatsAndMembers(groupId);
    expect(seats).toBe(members);
  });

  it('a join request answered twice, and twice at once: one acceptance, one seat', async () => {
    for (const atOnce of [false, true]) {
      const groupId = (await call('POST', '/api/groups', world.owner, GROUP())).body._id as string;
      const user = await createUser(ctx.db);
      const asked = await call('POST', `/api/groups/${groupId}/join-requests`, user, { message: 'May I join?' });
      expect(asked.status).toBe(201);
      const answer = () => call('PATCH', `/api/groups/${groupId}/invitations/${asked.body._id}`, world.owner, { accept: true });
      const answers = atOnce ? await both(answer) : [await answer(), await answer()];
      expect(statuses(answers), `at once: ${atOnce}`).toEqual([200, 409]);
      const { seats, members } = await seatsAndMembers(groupId);
      expect(seats, `at once: ${atOnce}`).toBe(members);
    }
  });
});

describe('practice invitations and the intake inbox', () => {
  it('an invitation accepted twice, and twice at once: one membership, the second 409', async () => {
    for (const atOnce of [false, true]) {
      const user = await createUser(ctx.db);
      const invited = await call('POST', `/api/practices/${world.practiceId}/invitations`, world.owner, { userId: user.id, role: 'clinician' });
      const accept = () => call('PATCH', `/api/practices/${world.practiceId}/invitations/${invited.body._id}`, user, { accept: true });
      const answers = atOnce ? await both(accept) : [await accept(), await accept()];
      expect(statuses(answers), `at once: ${atOnce}`).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.body).toEqual(refusal);
    }
  });

  it('a referral assigned twice, and twice at once: one assignment, the second 409', async () => {
    const clinician = await createUser(ctx.db);
    const invited = await call('POST', `/api/practices/${world.practiceId}/invitations`, world.owner, { userId: clinician.id, role: 'clinician' });
    await call('PATCH', `/api/practices/${world.practiceId}/invitations/${invited.body._id}`, clinician, { accept: true });
    for (const atOnce of [false, true]) {
      const sender = await createUser(ctx.db);
      const referral = await call('POST', '/api/referrals', sender, { ...NEEDS, recipientPracticeIds: [world.practiceId] });
      const url = `/api/practices/${world.practiceId}/referrals/${referral.body._id}/assign`;
      const assign = () => call('POST', url, actors.insider, { userId: clinician.id });
      const answers = atOnce ? await both(assign) : [await assign(), await assign()];
      expect(statuses(answers), `at once: ${atOnce}`).toEqual([200, 409]);
      const [row] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM referral_recipients WHERE referral_id = ${referral.body._id}::uuid AND recipient_id = ${clinician.id}::uuid`);
      expect(row.n, `at once: ${atOnce}`).toBe(1);
    }
  });
});

describe('referral outcomes', () => {
  async function accepted() {
    const recipient = await createUser(ctx.db, { demographics: ['Teen'], specialties: ['Anxiety'], sessionFormat: ['Online'], licensedRegions: ['ON'], acceptingClients: 'accepting' });
    const made = await call('POST', '/api/referrals', world.owner, { ...NEEDS, recipientIds: [recipient.id] });
    const url = `/api/referrals/${made.body._id}`;
    expect((await call('PATCH', url, recipient, { response: 'accepted' })).status).toBe(200);
    return { url, recipient };
  }

  it('recorded twice, and twice at once: the first stands, the second is 409', async () => {
    for (const atOnce of [false, true]) {
      const { url, recipient } = await accepted();
      const record = (outcome: string) => call('PATCH', url, recipient, { outcome });
      const answers = atOnce ? await Promise.all([record('first session held'), record('client did not follow up')]) : [await record('first session held'), await record('client did not follow up')];
      expect(statuses(answers), `at once: ${atOnce}`).toEqual([200, 409]);
      const [row] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM referral_recipients WHERE recipient_id = ${recipient.id}::uuid AND outcome IS NOT NULL`);
      expect(row.n).toBe(1);
    }
  });

  it('recorded 31 days after accepting is refused with {msg, code}', async () => {
    const { url, recipient } = await accepted();
    clock.advance(31);
    try {
      const late = await call('PATCH', url, recipient, { outcome: 'first session held' });
      expect(late.status).toBeGreaterThanOrEqual(400);
      expect(late.status).toBeLessThan(500);
      expect(late.body).toEqual(refusal);
    } finally {
      clock.advance(-31);
    }
  });
});

describe('idempotency keys, files and calendar links', () => {
  it('an Idempotency-Key reused with a different body is 422 and creates nothing', async () => {
    const key = `attack-${Date.now()}`;
    const post = (name: string) => ctx.app.inject({
      method: 'POST', url: '/api/groups', headers: { ...world.owner.headers, 'idempotency-key': key }, payload: GROUP({ name }),
    });
    expect((await post('Replayed group one')).statusCode).toBe(201);
    const reused = await post('Replayed group two');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual(refusal);
    const [row] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM consultation_groups WHERE name LIKE 'Replayed group%'`);
    expect(row.n).toBe(1);
  });

  it('the same file attached twice to a referral, then to a case: refused, and attached once', async () => {
    const again = await call('POST', `/api/referrals/${world.referralId}/files`, world.owner, { fileIds: [world.fileId] });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.body).toEqual(refusal);
    const elsewhere = await call('POST', `/api/groups/${world.groupId}/cases/${world.caseId}/files`, world.owner, { fileIds: [world.fileId] });
    expect(elsewhere.status).toBeGreaterThanOrEqual(400);
    expect(elsewhere.status).toBeLessThan(500);
    expect(elsewhere.body).toEqual(refusal);
  });

  it('a replaced calendar link: the old token is 404 {msg, code}, the new one answers', async () => {
    const old = world.calendarToken;
    const replaced = await call('POST', '/api/groups/calendar-link', actors.insider);
    const fresh = /calendar\/([^/.]+)\.ics/.exec(replaced.body.url as string)?.[1];
    expect(fresh).not.toBe(old);
    const stale = await ctx.app.inject({ url: `/api/groups/calendar/${old}.ics` });
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toEqual(refusal);
    expect((await ctx.app.inject({ url: `/api/groups/calendar/${fresh}.ics` })).statusCode).toBe(200);
  });
});

describe('attendance', () => {
  it('confirmed twice, and twice at once: the first confirmation time stands', async () => {
    const meetingId = world.meetingId;
    const startsAt = Date.parse(meetingId.split('_')[1].replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z'));
    const now = clock.now().getTime();
    clock.advance((startsAt - now) / DAY_MS + 1);
    try {
      const url = `/api/groups/${world.groupId}/meetings/${meetingId}/attendance`;
      expect((await call('PUT', url, world.owner, { attendedUserIds: [actors.insider.id] })).status).toBe(200);
      const first = await call('POST', `${url}/confirm`, actors.insider);
      expect(first.status).toBe(200);
      clock.advance(0.5);
      const again = await both(() => call('POST', `${url}/confirm`, actors.insider));
      expect(statuses(again)).toEqual([200, 200]);
      const mine = (body: { lines: { user: { _id: string }; confirmedAt: string | null }[] }) => body.lines.find((l) => l.user._id === actors.insider.id)?.confirmedAt;
      expect(again.map((a) => mine(a.body))).toEqual([mine(first.body), mine(first.body)]);
    } finally {
      clock.set(new Date(now));
    }
  });
});
