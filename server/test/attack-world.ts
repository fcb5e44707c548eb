// Test-only: one of everything round three added, owned by people who are not the sweep's actors, so the
// attack sweep (server/test/attack-sweep.test.ts) names real rows and its junk reaches the services and SQL.
import { NEEDS, matchingTherapist } from '../features/referrals/test-helpers.ts';
import { GROUP } from '../features/groups/test-helpers.ts';
import { uploadAs } from '../features/files/test-helpers.ts';
import { createAdmin, createUser, type TestUser } from './factories.ts';
import { caller } from './http.ts';
import sharp from 'sharp';
import type { TestContext } from './harness.ts';

export type Actors = { pending: TestUser; stranger: TestUser; insider: TestUser; admin: TestUser };
export type ActorName = 'visitor' | keyof Actors;

/** The ids the sweep puts in paths: every row is real, and `insider` may reach each of them. */
export type World = {
  owner: TestUser; victim: TestUser; invitee: TestUser;
  groupId: string; groupInvitationId: string; meetingId: string; caseId: string; calendarToken: string;
  practiceId: string; practiceInvitationId: string; practiceReferralId: string;
  conversationId: string; messageId: string; fileId: string; referralId: string;
};

type Call = ReturnType<typeof caller>;

async function expectOk<T extends { status: number; body: unknown }>(what: string, answer: Promise<T>): Promise<T> {
  const res = await answer;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

export async function createActors(ctx: TestContext): Promise<Actors> {
  return {
    pending: await createUser(ctx.db, { status: 'pending' }),
    stranger: await createUser(ctx.db),
    insider: await matchingTherapist(ctx.db),
    admin: await createAdmin(ctx.db),
  };
}

export async function createWorld(ctx: TestContext, actors: Actors): Promise<World> {
  const call: Call = caller(() => ctx.app);
  const { insider } = actors;
  const [owner, victim, invitee] = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];

  const group = await groupParts(call, owner, insider, invitee);
  const practice = await practiceParts(call, owner, insider, invitee);

  const conversation = await expectOk('conversation', call('POST', '/api/conversations', owner, { participantIds: [insider.id, victim.id], title: 'Peer group' }));
  const conversationId = conversation.body._id as string;
  const message = await expectOk('message', call('POST', `/api/conversations/${conversationId}/messages`, owner, { text: 'Hello all' }));

  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
  const file = await uploadAs(ctx.app, owner, 'diary.png', png);
  if (file.status !== 201) throw new Error(`file: ${JSON.stringify(file.body)}`);
  const referral = await expectOk('referral', call('POST', '/api/referrals', owner, { ...NEEDS, recipientIds: [insider.id] }));
  const referralId = referral.body._id as string;
  // Accepted: documents may be shared, and an outcome may be recorded.
  await expectOk('referral accepted', call('PATCH', `/api/referrals/${referralId}`, insider, { response: 'accepted' }));
  await expectOk('referral file', call('POST', `/api/referrals/${referralId}/files`, owner, { fileIds: [file.body._id] }));

  return {
    owner, victim, invitee, ...group, ...practice, conversationId, messageId: message.body._id as string, fileId: file.body._id, referralId,
  };
}

async function groupParts(call: Call, owner: TestUser, insider: TestUser, invitee: TestUser) {
  const groupId = (await expectOk('group', call('POST', '/api/groups', owner, GROUP()))).body._id as string;
  const invited = await expectOk('group invitation', call('POST', `/api/groups/${groupId}/invitations`, owner, { userId: insider.id }));
  await expectOk('group join', call('PATCH', `/api/groups/${groupId}/invitations/${invited.body._id}`, insider, { accept: true }));
  // Left pending: an invitation the sweep's actors may try to answer for someone else.
  const pending = await expectOk('group invitation', call('POST', `/api/groups/${groupId}/invitations`, owner, { userId: invitee.id }));
  const meetings = await expectOk('meetings', call('GET', `/api/groups/${groupId}/meetings`, owner));
  const meetingId = meetings.body.meetings[0]?._id as string;
  const made = await expectOk('case', call('POST', `/api/groups/${groupId}/cases`, owner, {
    presentingConcern: 'Panic attacks at work', ageGroup: 'Adults', context: 'Eight sessions of CBT so far.', question: 'How would you pace exposure?',
  }));
  await expectOk('comment', call('POST', `/api/groups/${groupId}/cases/${made.body._id}/comments`, insider, { body: 'Slowly.' }));
  const link = await expectOk('calendar link', call('GET', '/api/groups/calendar-link', insider));
  const calendarToken = /calendar\/([^/.]+)\.ics/.exec(link.body.url as string)?.[1] ?? '';
  return { groupId, groupInvitationId: pending.body._id as string, meetingId, caseId: made.body._id as string, calendarToken };
}

async function practiceParts(call: Call, owner: TestUser, insider: TestUser, invitee: TestUser) {
  const made = await expectOk('practice', call('POST', '/api/practices', owner, {
    name: `Harbour Therapy ${insider.id.slice(0, 8)}`, description: 'Group practice', website: 'https://harbour.example', locations: [{ city: 'Toronto', region: 'ON' }],
  }));
  const practiceId = made.body._id as string;
  const invited = await expectOk('practice invitation', call('POST', `/api/practices/${practiceId}/invitations`, owner, { userId: insider.id, role: 'intake' }));
  await expectOk('practice join', call('PATCH', `/api/practices/${practiceId}/invitations/${invited.body._id}`, insider, { accept: true }));
  const pending = await expectOk('practice invitation', call('POST', `/api/practices/${practiceId}/invitations`, owner, { userId: invitee.id, role: 'clinician' }));
  const referral = await expectOk('practice referral', call('POST', '/api/referrals', invitee, { ...NEEDS, recipientPracticeIds: [practiceId] }));
  return { practiceId, practiceInvitationId: pending.body._id as string, practiceReferralId: referral.body._id as string };
}
