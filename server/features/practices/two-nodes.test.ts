// Scale-out: a referral sent to a practice through node A reaches its intake member connected to node B as a
// notification; the coordinator assigns it through B, and the clinician (on A) and the sender (on B) hear of it, each
// once. Two real server processes on one PostgreSQL database and one Redis (as server/features/chat/two-nodes.test.ts).
import { afterAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import { startNode as startTestNode } from '../../test/nodes.ts';
import { createUser, randomLetters, type TestUser } from '../../test/factories.ts';
import { connectClient, settle, waitFor, type ChatClient } from '../../test/sockets.ts';

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// The shared launcher (server/test/nodes.ts), each node stopped after the file's tests.
async function startNode(databaseUrl: string): Promise<string> {
  const node = await startTestNode(databaseUrl);
  cleanups.push(node.stop);
  return node.url;
}

const api = async (node: string, method: string, url: string, user: TestUser, body?: object) => {
  const res = await fetch(`${node}${url}`, {
    method, headers: { ...user.headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
};

it.skipIf(!enabled)('tells the intake member, the assigned clinician and the sender across nodes, once each', { timeout: 420_000 }, async () => {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  const [nodeA, nodeB] = await Promise.all([startNode(database.url!), startNode(database.url!)]);
  const [owner, clinician, intake, sender] = await Promise.all([0, 1, 2, 3].map(() => createUser(database.db)));
  const name = `Harbour ${randomLetters(6)} Therapy`;
  const practice = await api(nodeA, 'POST', '/api/practices', owner, { name, locations: [{ city: 'Toronto', region: 'ON' }] });
  expect(practice.status).toBe(201);
  const practiceId = practice.body._id as string;
  for (const [user, role] of [[clinician, 'clinician'], [intake, 'intake']] as const) {
    const invited = await api(nodeA, 'POST', `/api/practices/${practiceId}/invitations`, owner, { userId: user.id, role });
    expect((await api(nodeB, 'PATCH', `/api/practices/${practiceId}/invitations/${invited.body._id}`, user, { accept: true })).status).toBe(200);
  }

  const clients: ChatClient[] = [];
  cleanups.push(() => clients.forEach((c) => c.disconnect()));
  const intakeB = await connectClient(nodeB, intake.token);
  const clinicianA = await connectClient(nodeA, clinician.token);
  const senderB = await connectClient(nodeB, sender.token);
  clients.push(intakeB, clinicianA, senderB);

  const sent = await api(nodeA, 'POST', '/api/referrals', sender, {
    ageGroup: 'Adults', concerns: ['Depression'], sessionFormats: ['Online'], region: 'ON', recipientPracticeIds: [practiceId],
  });
  expect(sent.status).toBe(201);
  const referralId = sent.body._id as string;
  const arrived = await waitFor(intakeB, 'notification', (e) => e.notification.target._id === referralId);
  expect(arrived.notification).toMatchObject({ type: 'practiceReferralReceived', detail: name, actors: [expect.objectContaining({ _id: sender.id })] });

  const assigned = await api(nodeB, 'POST', `/api/practices/${practiceId}/referrals/${referralId}/assign`, intake, { userId: clinician.id });
  expect(assigned.status).toBe(200);
  const toClinician = await waitFor(clinicianA, 'notification', (e) => e.notification.target._id === referralId);
  expect(toClinician.notification).toMatchObject({ type: 'practiceReferralAssigned', detail: name, actors: [expect.objectContaining({ _id: intake.id })] });
  const toSender = await waitFor(senderB, 'notification', (e) => e.notification.target._id === referralId);
  expect(toSender.notification).toMatchObject({ type: 'referralAssigned', detail: name, actors: [expect.objectContaining({ _id: clinician.id })] });

  // The clinician answers through A as any recipient: the sender on B hears that too.
  expect((await api(nodeA, 'PATCH', `/api/referrals/${referralId}`, clinician, { response: 'accepted' })).status).toBe(200);
  expect((await waitFor(senderB, 'notification', (e) => e.notification.type === 'referralAnswered')).notification.detail).toBe('accepted');
  await settle(300);
  for (const [client, type] of [[intakeB, 'practiceReferralReceived'], [clinicianA, 'practiceReferralAssigned'], [senderB, 'referralAssigned']] as const) {
    expect(client.received.notification?.filter((e) => e.notification.type === type)).toHaveLength(1);
  }
});
