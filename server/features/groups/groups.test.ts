// Consultation groups: creating, reading as each kind of caller, listing, invitations, join requests, full groups,
// blocks, leaving and removal, hand-over, and who may do what (visitor, pending member, other member, removed member,
// administrator).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GROUP_TEXTS, GroupDetail } from '../../../common/groups.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { queryRows } from '../../db/client.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { controlledClock, GROUP, groupWith } from './test-helpers.ts';

let cast: Cast;
const clock = controlledClock('2026-11-02T12:00:00.000Z');
const call = caller(() => cast.ctx.app);
const user = () => createUser(cast.ctx.db);

beforeAll(async () => {
  cast = await createCast({ ana: 'Ana Facilitator', ben: 'Ben Member' }, {}, { now: clock.now });
});
afterAll(() => cast.ctx.close());

describe('POST /api/groups', () => {
  it('creates a group whose creator is the facilitator, with its schedule and next meeting', async () => {
    const res = await call('POST', '/api/groups', cast.ana, GROUP({ name: 'Tuesday trauma group' }));
    expect(res.status).toBe(201);
    expect(GroupDetail.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({
      name: 'Tuesday trauma group', visibility: 'listed', maxMembers: 6, membersCount: 1, openSeats: 5, myRole: 'facilitator',
      schedule: { frequency: 'weekly', weekday: 2, time: '19:00', timeZone: 'America/Toronto', durationMinutes: 90, startsOn: '2026-09-01' },
      facilitator: { _id: cast.ana.id, name: 'Ana Facilitator' }, meetingLink: 'https://meet.example.com/trauma',
      members: [{ _id: cast.ana.id, role: 'facilitator' }], cases: [],
      // 19:00 in Toronto on Tuesday 3 November 2026 (EST, UTC-5).
      nextMeeting: { startsAt: '2026-11-04T00:00:00.000Z', endsAt: '2026-11-04T01:30:00.000Z', status: 'scheduled' },
    });
  });

  it('takes a weekday as 0-6 or its English name, and a start date in the past', async () => {
    const byNumber = await call('POST', '/api/groups', cast.ana, GROUP({ schedule: { ...GROUP().schedule, weekday: 5, startsOn: '2019-01-01' } }));
    expect(byNumber.status).toBe(201);
    expect(byNumber.body.schedule.weekday).toBe(5);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const bad: [object, RegExp][] = [
      [{ maxMembers: 2 }, /maxMembers/], [{ maxMembers: 13 }, /maxMembers/], [{ visibility: 'secret' }, /visibility/],
      [{ meetingLink: 'http://meet.example.com/x' }, /https/], [{ schedule: { ...GROUP().schedule, timeZone: 'Mars/Olympus' } }, /time zone/],
      [{ schedule: { ...GROUP().schedule, time: '25:00' } }, /time/], [{ schedule: { ...GROUP().schedule, weekday: 'Funday' } }, /weekday/],
      [{ schedule: { ...GROUP().schedule, weekday: 7 } }, /weekday/], [{ schedule: { ...GROUP().schedule, frequency: 'daily' } }, /frequency/],
    ];
    for (const [overrides, msg] of bad) {
      const res = await call('POST', '/api/groups', cast.ana, { ...GROUP(), ...overrides });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
  });

  it('is for verified members: 401 signed out, 403 pending, 403 for an administrator', async () => {
    expect((await call('POST', '/api/groups', undefined, GROUP())).status).toBe(401);
    expect(await call('POST', '/api/groups', cast.pending, GROUP())).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    expect((await call('POST', '/api/groups', cast.admin, GROUP())).body).toEqual({ msg: GROUP_TEXTS.adminText, code: 'FORBIDDEN' });
  });
});

describe('reading a group', () => {
  it('members see roster, meetings and cases; others the card of a listed group; a private group is 404 to them', async () => {
    const [fac, member, other] = await Promise.all([user(), user(), user()]);
    const listed = await groupWith(call, fac, [member]);
    const priv = await groupWith(call, fac, [member], { visibility: 'private' });
    const asMember = await call('GET', `/api/groups/${listed}`, member);
    expect(asMember.body.members).toHaveLength(2);
    expect(asMember.body.meetings.length).toBeGreaterThan(0);
    expect(asMember.body.myRole).toBe('member');
    for (const reader of [other, cast.admin]) {
      const card = await call('GET', `/api/groups/${listed}`, reader);
      expect(card.status).toBe(200);
      expect(card.body).toMatchObject({ members: null, meetings: null, cases: null, meetingLink: null, conversationId: null, myRole: null });
      expect((await call('GET', `/api/groups/${priv}`, reader)).status).toBe(404);
    }
    expect((await call('GET', `/api/groups/${listed}`, cast.pending)).status).toBe(403);
    expect((await call('GET', `/api/groups/${listed}`)).status).toBe(401);
  });
});

describe('GET /api/groups', () => {
  it('lists my groups with ?mine=1, and listed groups with open seats by text, specialty and modality', async () => {
    const [fac, a, b, c] = await Promise.all([user(), user(), user(), user()]);
    const tag = `Zebrafinch${Date.now().toString(36).replace(/\d/g, '')}`;
    const open = await groupWith(call, fac, [], { name: `${tag} open`, focus: { specialties: ['Grief'], modalities: ['CBT'] } });
    const full = await groupWith(call, fac, [a, b], { name: `${tag} full`, maxMembers: 3, focus: { specialties: ['Grief'], modalities: ['CBT'] } });
    await groupWith(call, fac, [], { name: `${tag} private`, visibility: 'private', focus: { specialties: ['Grief'], modalities: ['CBT'] } });
    const mine = await call('GET', '/api/groups?mine=1', a);
    expect(mine.body.groups.map((g: { _id: string }) => g._id)).toEqual([full]);
    const found = await call('GET', `/api/groups?q=${tag}&specialty=Grief&modality=CBT`, c);
    expect(found.body.groups.map((g: { _id: string }) => g._id)).toEqual([open]);
    expect((await call('GET', `/api/groups?q=${tag}&specialty=Anxiety`, c)).body.groups).toEqual([]);
    expect((await call('GET', '/api/groups?specialty=Nonsense', c)).status).toBe(400);
  });

  it('pages with a cursor', async () => {
    const fac = await user();
    const tag = `Pagerbird${Date.now().toString(36).replace(/\d/g, '')}`;
    for (let i = 0; i < 22; i += 1) {
      clock.set(new Date(Date.parse('2026-11-02T12:00:00.000Z') + i * 1000).toISOString());
      await call('POST', '/api/groups', fac, GROUP({ name: `${tag} group` }));
    }
    clock.set('2026-11-02T12:00:00.000Z');
    const first = await call('GET', `/api/groups?q=${tag}`, cast.ben);
    expect(first.body.groups).toHaveLength(20);
    const second = await call('GET', `/api/groups?q=${tag}&cursor=${encodeURIComponent(first.body.nextCursor)}`, cast.ben);
    expect(second.body.groups).toHaveLength(2);
    expect(second.body.nextCursor).toBeNull();
  });
});

describe('invitations and join requests', () => {
  it('the facilitator invites; the invitee lists and accepts; a second invitation or a non-facilitator is refused', async () => {
    const [fac, m, x] = await Promise.all([user(), user(), user()]);
    const id = await groupWith(call, fac, [], { visibility: 'private' });
    const inv = await call('POST', `/api/groups/${id}/invitations`, fac, { userId: m.id });
    expect(inv.status).toBe(201);
    expect(inv.body).toMatchObject({ _id: expect.any(String), status: 'pending', groupId: id });
    expect((await call('POST', `/api/groups/${id}/invitations`, fac, { userId: m.id })).status).toBe(409);
    expect((await call('POST', `/api/groups/${id}/invitations`, m, { userId: x.id })).status).toBe(403);
    // The invitee sees the private group's card before answering.
    expect((await call('GET', `/api/groups/${id}`, m)).body.myRole).toBe('invited');
    const list = await call('GET', '/api/users/me/group-invitations', m);
    expect(list.body.invitations).toMatchObject([{ _id: inv.body._id, kind: 'invitation', group: { _id: id } }]);
    expect((await call('PATCH', `/api/groups/${id}/invitations/${inv.body._id}`, x, { accept: true })).status).toBe(404);
    expect((await call('PATCH', `/api/groups/${id}/invitations/${inv.body._id}`, m, { accept: true })).body.status).toBe('accepted');
    expect((await call('PATCH', `/api/groups/${id}/invitations/${inv.body._id}`, m, { accept: true })).status).toBe(409);
    expect((await call('GET', `/api/groups/${id}`, m)).body.myRole).toBe('member');
    const [notice] = await queryRows<{ n: number }>(cast.ctx.db,
      sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${m.id} AND type = 'groupInvitation'`);
    expect(notice.n).toBe(1);
  });

  it('refuses pending members, administrators and blocked therapists as invitees', async () => {
    const [fac, blocked] = await Promise.all([user(), user()]);
    const id = await groupWith(call, fac, []);
    expect((await call('POST', `/api/groups/${id}/invitations`, fac, { userId: cast.pending.id })).body.msg).toBe(GROUP_TEXTS.invitee);
    expect((await call('POST', `/api/groups/${id}/invitations`, fac, { userId: cast.admin.id })).body.msg).toBe(GROUP_TEXTS.invitee);
    await cast.ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${blocked.id}, ${fac.id})`);
    expect(await call('POST', `/api/groups/${id}/invitations`, fac, { userId: blocked.id })).toEqual({ status: 403, body: { msg: GROUP_TEXTS.blocked, code: 'FORBIDDEN' } });
    expect((await call('POST', `/api/groups/${id}/join-requests`, blocked, { message: 'hello' })).status).toBe(403);
    expect((await call('GET', `/api/groups?mine=`, blocked)).status).toBe(400);
  });

  it('a full group refuses an invitation and an acceptance with a clear message', async () => {
    const [fac, a, b, c] = await Promise.all([user(), user(), user(), user()]);
    const id = await groupWith(call, fac, [a], { maxMembers: 3 });
    const invB = await call('POST', `/api/groups/${id}/invitations`, fac, { userId: b.id });
    const invC = await call('POST', `/api/groups/${id}/invitations`, fac, { userId: c.id });
    expect((await call('PATCH', `/api/groups/${id}/invitations/${invB.body._id}`, b, { accept: true })).status).toBe(200);
    expect(await call('PATCH', `/api/groups/${id}/invitations/${invC.body._id}`, c, { accept: true })).toEqual({ status: 409, body: { msg: GROUP_TEXTS.full, code: 'CONFLICT' } });
    expect((await call('POST', `/api/groups/${id}/invitations`, fac, { userId: (await user()).id })).body.msg).toBe(GROUP_TEXTS.full);
  });

  it('join requests go to listed groups only and are answered by the facilitator', async () => {
    const [fac, m] = await Promise.all([user(), user()]);
    const listed = await groupWith(call, fac, []);
    const priv = await groupWith(call, fac, [], { visibility: 'private' });
    expect((await call('POST', `/api/groups/${priv}/join-requests`, m, { message: 'hi' })).status).toBe(404);
    expect((await call('POST', `/api/groups/${listed}/join-requests`, cast.pending, { message: 'hi' })).status).toBe(403);
    expect((await call('POST', `/api/groups/${listed}/join-requests`, cast.admin, { message: 'hi' })).status).toBe(403);
    const req = await call('POST', `/api/groups/${listed}/join-requests`, m, { message: 'I work with trauma' });
    expect(req.status).toBe(201);
    expect((await call('PATCH', `/api/groups/${listed}/invitations/${req.body._id}`, m, { accept: true })).status).toBe(404);
    const detail = await call('GET', `/api/groups/${listed}`, fac);
    expect(detail.body.pending).toMatchObject([{ kind: 'request', user: { _id: m.id }, message: 'I work with trauma' }]);
    expect((await call('PATCH', `/api/groups/${listed}/invitations/${req.body._id}`, fac, { accept: true })).body.status).toBe('accepted');
    expect((await call('GET', `/api/groups/${listed}`, m)).body.myRole).toBe('member');
  });
});

describe('leaving, removing, changing and deleting', () => {
  let fac: TestUser; let a: TestUser; let b: TestUser; let id: string;
  beforeAll(async () => {
    [fac, a, b] = await Promise.all([user(), user(), user()]);
    id = await groupWith(call, fac, [a, b], { visibility: 'private' });
  });

  it('keeps the group\'s conversation in step: the facilitator at creation, each member who joins, none who leaves', async () => {
    const [fac, m, n] = await Promise.all([user(), user(), user()]);
    const id = await groupWith(call, fac, [], { visibility: 'private', name: 'Thursday circle' });
    const conversationId = (await call('GET', `/api/groups/${id}`, fac)).body.conversationId as string;
    expect(conversationId).toEqual(expect.any(String));
    const members = async () => (await call('GET', '/api/conversations', fac)).body
      .find((c: { _id: string }) => c._id === conversationId)?.participants.map((p: { _id: string }) => p._id).sort();
    expect(await members()).toEqual([fac.id]);
    for (const member of [m, n]) {
      const inv = await call('POST', `/api/groups/${id}/invitations`, fac, { userId: member.id });
      expect((await call('PATCH', `/api/groups/${id}/invitations/${inv.body._id}`, member, { accept: true })).status).toBe(200);
    }
    expect(await members()).toEqual([fac.id, m.id, n.id].sort());
    expect((await call('GET', `/api/conversations/${conversationId}/messages`, m)).status).toBe(200);
    await call('DELETE', `/api/groups/${id}/members/${m.id}`, m);
    expect(await members()).toEqual([fac.id, n.id].sort());
    expect((await call('GET', `/api/conversations/${conversationId}/messages`, m)).status).toBe(404);
  });

  it('a member leaves; the facilitator removes; a removed member loses access; a member cannot remove another', async () => {
    expect((await call('DELETE', `/api/groups/${id}/members/${b.id}`, a)).status).toBe(403);
    expect((await call('DELETE', `/api/groups/${id}/members/${a.id}`, a)).body.msg).toBe('You left the group.');
    expect((await call('GET', `/api/groups/${id}`, a)).status).toBe(404);
    expect((await call('DELETE', `/api/groups/${id}/members/${b.id}`, fac)).body.msg).toBe('Member removed.');
    expect((await call('GET', `/api/groups/${id}/meetings`, b)).status).toBe(404);
    expect((await call('POST', `/api/groups/${id}/cases`, b, { presentingConcern: 'x', ageGroup: 'Adults', context: 'y', question: 'z' })).status).toBe(404);
    expect((await call('DELETE', `/api/groups/${id}/members/${fac.id}`, fac)).body.msg).toBe(GROUP_TEXTS.facilitatorLeaves);
  });

  it('only the facilitator changes or deletes, and can hand the role to a member', async () => {
    const [f, m] = await Promise.all([user(), user()]);
    const gid = await groupWith(call, f, [m]);
    expect((await call('PATCH', `/api/groups/${gid}`, m, { name: 'Mine now' })).status).toBe(403);
    expect((await call('PATCH', `/api/groups/${gid}`, cast.admin, { name: 'Mine now' })).status).toBe(403);
    expect((await call('PATCH', `/api/groups/${gid}`, f, { maxMembers: 3, name: 'Renamed' })).body).toMatchObject({ name: 'Renamed', maxMembers: 3 });
    expect((await call('PATCH', `/api/groups/${gid}`, f, { facilitatorId: cast.ben.id })).body.msg).toBe(GROUP_TEXTS.handOverToMember);
    expect((await call('PATCH', `/api/groups/${gid}`, f, { facilitatorId: m.id })).body.myRole).toBe('member');
    expect((await call('GET', `/api/groups/${gid}`, m)).body.myRole).toBe('facilitator');
    expect((await call('DELETE', `/api/groups/${gid}`, f)).status).toBe(403);
    expect((await call('DELETE', `/api/groups/${gid}`, m)).status).toBe(200);
    expect((await call('GET', `/api/groups/${gid}`, m)).status).toBe(404);
  });

  it('hands the group\'s conversation over with the role: the new facilitator removes members from it, the old one no longer can', async () => {
    const [f, m, n] = await Promise.all([user(), user(), user()]);
    const gid = await groupWith(call, f, [m, n]);
    const conversationId = (await call('GET', `/api/groups/${gid}`, f)).body.conversationId as string;
    const conversation = async () => (await call('GET', `/api/conversations/${conversationId}`, m)).body;
    expect((await conversation()).creatorId).toBe(f.id);
    expect((await call('PATCH', `/api/groups/${gid}`, f, { facilitatorId: m.id })).status).toBe(200);
    expect((await conversation()).creatorId).toBe(m.id);
    const lines = (await call('GET', `/api/conversations/${conversationId}/messages`, m)).body as { kind: string; text: string }[];
    expect(lines.filter((l) => l.kind === 'system').at(-1)?.text).toMatch(/handed the conversation over to/);
    expect((await call('DELETE', `/api/conversations/${conversationId}/members/${n.id}`, f)).status).toBe(403);
    expect((await call('DELETE', `/api/conversations/${conversationId}/members/${n.id}`, m)).status).toBe(200);
  });

  it('deleting a group ends its conversation for every member', async () => {
    const [f, m] = await Promise.all([user(), user()]);
    const gid = await groupWith(call, f, [m]);
    const conversationId = (await call('GET', `/api/groups/${gid}`, f)).body.conversationId as string;
    expect((await call('GET', `/api/conversations/${conversationId}/messages`, m)).status).toBe(200);
    expect((await call('DELETE', `/api/groups/${gid}`, f)).status).toBe(200);
    for (const who of [f, m]) {
      expect((await call('GET', `/api/conversations/${conversationId}/messages`, who)).status).toBe(404);
      expect((await call('GET', '/api/conversations', who)).body.some((c: { _id: string }) => c._id === conversationId)).toBe(false);
    }
    const [row] = await queryRows<{ n: number }>(cast.ctx.db, sql`SELECT count(*)::int AS n FROM conversations WHERE id = ${conversationId}`);
    expect(row.n).toBe(0);
  });
});
