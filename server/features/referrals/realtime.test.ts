// Live referral events with real socket.io clients: `referralReceived` to the recipients, `referralUpdated` to the people
// concerned, nothing to anyone else; and across two app nodes on one database through the Redis adapter.
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { createMailer } from '../../lib/mail.ts';
import { memoryRateLimiter } from '../../lib/rate-limit.ts';
import { baseUrl, createTestContext, openTestDatabase, type TestContext } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { settle, socketClients, waitFor } from '../../test/sockets.ts';
import type { App } from '../../context.ts';
import { NEEDS } from './test-helpers.ts';

// The machine's Redis when no other is named (the chat's two-node test needs REDIS_URL and PostgreSQL; this one runs
// both nodes in this process on one PGlite database).
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sockets = socketClients();

describe('on one node', () => {
  let ctx: TestContext;
  const call = caller(() => ctx.app);
  beforeAll(async () => {
    ctx = await createTestContext({ listen: true });
  });
  afterAll(() => ctx.close());

  it('tells recipients a referral arrived, the sender it was answered, everyone concerned it was placed', async () => {
    const [a, b, c, bystander] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db), createUser(ctx.db)]);
    const [aSocket, bSocket, cSocket, bystanderSocket] = await Promise.all([a, b, c, bystander].map((u) => sockets.connect(baseUrl(ctx), u)));
    const created = await call('POST', '/api/referrals', a, { ...NEEDS, recipientIds: [b.id, c.id] });
    const referralId = created.body._id;
    for (const socket of [bSocket, cSocket]) {
      expect(await waitFor(socket, 'referralReceived')).toEqual({ referralId, kind: 'received', status: 'open' });
    }
    await call('PATCH', `/api/referrals/${referralId}`, b, { response: 'accepted' });
    expect(await waitFor(aSocket, 'referralUpdated')).toEqual({ referralId, kind: 'answered', status: 'open' });
    await call('PATCH', `/api/referrals/${referralId}`, a, { status: 'placed' });
    for (const socket of [bSocket, cSocket]) {
      expect(await waitFor(socket, 'referralUpdated', (e) => e.kind === 'placed')).toEqual({ referralId, kind: 'placed', status: 'placed' });
    }
    await settle();
    expect(bystanderSocket.received.referralReceived).toBeUndefined();
    expect(bystanderSocket.received.referralUpdated).toBeUndefined();
    expect(aSocket.received.referralReceived).toBeUndefined();
  });

  it('tells the sender about a board offer, and the therapist when it is accepted', async () => {
    const [a, t] = await Promise.all([
      createUser(ctx.db), createUser(ctx.db, { demographics: ['Teen'], specialties: ['Anxiety'] }),
    ]);
    const [aSocket, tSocket] = await Promise.all([sockets.connect(baseUrl(ctx), a), sockets.connect(baseUrl(ctx), t)]);
    const referralId = (await call('POST', '/api/referrals', a, { ...NEEDS, toBoard: true })).body._id;
    await call('POST', `/api/referrals/${referralId}/offers`, t, { message: 'I can take this' });
    expect(await waitFor(aSocket, 'referralUpdated')).toEqual({ referralId, kind: 'offer', status: 'open' });
    const offerId = (await call('GET', `/api/referrals/${referralId}`, a)).body.offers[0]._id;
    await call('POST', `/api/referrals/${referralId}/offers/${offerId}/accept`, a);
    expect(await waitFor(tSocket, 'referralReceived')).toEqual({ referralId, kind: 'offerAccepted', status: 'open' });
  });
  it('an acceptance opens a conversation between two online members: each sees the other online at once', async () => {
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const [aSocket, bSocket] = await Promise.all([sockets.connect(baseUrl(ctx), a), sockets.connect(baseUrl(ctx), b)]);
    const referralId = (await call('POST', '/api/referrals', a, { ...NEEDS, recipientIds: [b.id] })).body._id;
    const listed = [aSocket, bSocket].map((socket) => waitFor(socket, 'newConversation'));
    await call('PATCH', `/api/referrals/${referralId}`, b, { response: 'accepted', message: 'Happy to help' });
    expect(await waitFor(aSocket, 'presenceChanged', (e) => e.userId === b.id)).toEqual({ userId: b.id, online: true });
    expect(await waitFor(bSocket, 'presenceChanged', (e) => e.userId === a.id)).toEqual({ userId: a.id, online: true });
    // The conversation it opened arrives in both open chat lists, its last message the accepting therapist's.
    for (const conversation of await Promise.all(listed)) {
      expect(conversation.participants.map((p: { _id: string }) => p._id).sort()).toEqual([a.id, b.id].sort());
      expect(conversation.lastMessage?.text).toBe('Happy to help');
    }
  });

  it('an accepted board offer does the same for the sender and the therapist', async () => {
    const [a, t] = await Promise.all([
      createUser(ctx.db), createUser(ctx.db, { demographics: ['Teen'], specialties: ['Anxiety'] }),
    ]);
    const [aSocket, tSocket] = await Promise.all([sockets.connect(baseUrl(ctx), a), sockets.connect(baseUrl(ctx), t)]);
    const referralId = (await call('POST', '/api/referrals', a, { ...NEEDS, toBoard: true })).body._id;
    await call('POST', `/api/referrals/${referralId}/offers`, t, { message: 'I can take this' });
    const offerId = (await call('GET', `/api/referrals/${referralId}`, a)).body.offers[0]._id;
    await call('POST', `/api/referrals/${referralId}/offers/${offerId}/accept`, a);
    expect(await waitFor(aSocket, 'presenceChanged', (e) => e.userId === t.id)).toEqual({ userId: t.id, online: true });
    expect(await waitFor(tSocket, 'presenceChanged', (e) => e.userId === a.id)).toEqual({ userId: a.id, online: true });
  });
});

describe('across two nodes (Redis adapter)', () => {
  const apps: App[] = [];
  const redisClients: Redis[] = [];
  let closeDatabase: () => Promise<void>;
  let db: Awaited<ReturnType<typeof openTestDatabase>>['db'];
  let outbox: string;

  beforeAll(async () => {
    const database = await openTestDatabase();
    closeDatabase = database.close;
    db = database.db;
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-referrals-'));
    for (let i = 0; i < 2; i++) {
      const pub = new Redis(REDIS_URL, { enableAutoPipelining: true });
      const sub = new Redis(REDIS_URL);
      redisClients.push(pub, sub);
      await Promise.all([once(pub, 'ready'), once(sub, 'ready')]);
      const config = testConfig({ DATA_DIR: outbox });
      const app = await buildApp({
        config, db: database.db, limiter: memoryRateLimiter(), redis: { pub, sub },
        mailer: createMailer({ from: config.mailFrom, outboxDir: path.join(outbox, 'outbox') }),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const client of redisClients) client.disconnect();
    await closeDatabase();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('a referral sent through one node reaches the recipient connected to the other, and the answer comes back', async () => {
    const [nodeA, nodeB] = apps;
    const [a, b] = await Promise.all([createUser(db), createUser(db)]);
    const bSocket = await sockets.connect(baseUrl({ app: nodeB }), b);
    const aSocket = await sockets.connect(baseUrl({ app: nodeA }), a);
    const created = await nodeA.inject({ method: 'POST', url: '/api/referrals', headers: a.headers, payload: { ...NEEDS, recipientIds: [b.id] } });
    const referralId = created.json()._id;
    expect(await waitFor(bSocket, 'referralReceived')).toEqual({ referralId, kind: 'received', status: 'open' });
    await nodeB.inject({ method: 'PATCH', url: `/api/referrals/${referralId}`, headers: b.headers, payload: { response: 'declined' } });
    expect(await waitFor(aSocket, 'referralUpdated')).toEqual({ referralId, kind: 'answered', status: 'open' });
  });
});
