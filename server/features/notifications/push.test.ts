// Push notifications end to end: the subscriptions API, the push channel in the preferences, and real pushes through a
// push service on loopback that checks the VAPID signature and decrypts each payload with the device's keys
// (server/test/push-service.ts), so what a phone would show is read here. No part of web-push is replaced.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { baseUrl, createTestContext, type TestContext } from '../../test/harness.ts';
import { createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { startLocalPushService, type BrowserSubscription, type LocalPushService } from '../../test/push-service.ts';
import { call as emit, connectClient, openConversation, settle, type ChatClient } from '../../test/sockets.ts';
import { PUSH_DEVICE_JOB } from '../../lib/push-queue.ts';

let ctx: TestContext;
let service: LocalPushService;
let ana: TestUser, ben: TestUser, cai: TestUser, pending: TestUser;
const call = caller(() => ctx.app);
const sockets: ChatClient[] = [];

beforeAll(async () => {
  service = await startLocalPushService();
  ctx = await createTestContext({ listen: true, config: { PUSH_ALLOW_LOOPBACK: '1', PUSH_CA_FILE: service.caFile } });
  [ana, ben, cai] = await Promise.all(['Amara Okafor', 'Ben Push', 'Cai Push'].map((name) => createUser(ctx.db, { name })));
  pending = await createUser(ctx.db, { name: 'Pat Pending', verificationStatus: 'pending' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await ctx?.close();
  await service?.close();
});

const connect = async (user: TestUser) => {
  const socket = await connectClient(baseUrl(ctx), user.token);
  sockets.push(socket);
  return socket;
};
const addDevice = async (user: TestUser, sub: BrowserSubscription, deviceName = 'Phone') =>
  call('POST', '/api/users/me/push-subscriptions', user, { endpoint: sub.endpoint, keys: sub.keys, deviceName });
const send = (socket: ChatClient, conversationId: string, text: string) =>
  emit(socket, 'sendMessage', { conversationId, text, clientMessageId: crypto.randomUUID() });

describe('the public key', () => {
  it('is made once at first start, kept with the server\'s secrets, and needs no session', async () => {
    const first = await call('GET', '/api/push/public-key');
    expect(first.status).toBe(200);
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await call('GET', '/api/push/public-key')).body).toEqual(first.body);
    const [row] = await queryRows<{ value: string }>(ctx.db, sql`SELECT value FROM app_secrets WHERE name = 'vapid'`);
    expect(JSON.parse(row.value).publicKey).toBe(first.body.publicKey);
  });
});

describe('subscriptions', () => {
  it('refuses endpoints that are not https: on a known push service, and bad keys, changing nothing', async () => {
    const sub = service.subscribe();
    const bad = [
      { ...sub, endpoint: 'http://fcm.googleapis.com/fcm/send/x' },
      { ...sub, endpoint: 'https://evil.example.org/push/x' },
      { ...sub, endpoint: 'https://10.0.0.7/push/x' },
      { ...sub, endpoint: 'https://[fd00::1]/push/x' },
      { ...sub, endpoint: 'https://fcm.googleapis.com.evil.org/x' },
      { ...sub, endpoint: 'https://user:pw@fcm.googleapis.com/fcm/send/x' },
      { ...sub, endpoint: 'not a url' },
      { ...sub, keys: { p256dh: 'short', auth: sub.keys.auth } },
      { ...sub, keys: { p256dh: sub.keys.p256dh, auth: '' } },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/users/me/push-subscriptions', cai, { endpoint: body.endpoint, keys: body.keys, deviceName: 'x' });
      expect(res.status, body.endpoint).toBe(400);
      expect(res.body.msg).toBeTruthy();
    }
    expect((await call('POST', '/api/users/me/push-subscriptions', cai, { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(400);
    expect((await call('GET', '/api/users/me/push-subscriptions', cai)).body).toEqual({ devices: [] });
  });

  it('accepts the known push services\' endpoints and answers 201 with the device, never its endpoint', async () => {
    const sub = service.subscribe();
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx', 'https://wns2-par02p.notify.windows.com/w/?token=abc']) {
      const res = await call('POST', '/api/users/me/push-subscriptions', cai, { endpoint, keys: sub.keys, deviceName: 'Laptop' });
      expect(res.status, endpoint).toBe(201);
      expect(res.body).toEqual({ _id: expect.any(String), deviceName: 'Laptop', createdAt: expect.any(String), lastSentAt: null });
    }
    const again = await call('POST', '/api/users/me/push-subscriptions', cai, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: sub.keys, deviceName: 'Renamed' });
    expect(again.status).toBe(201);
    const list = await call('GET', '/api/users/me/push-subscriptions', cai);
    expect(list.body.devices.map((d: { deviceName: string }) => d.deviceName)).toEqual(['Renamed', 'Laptop', 'Laptop', 'Laptop']);
    expect(JSON.stringify(list.body)).not.toContain('googleapis');
    for (const d of list.body.devices) expect((await call('DELETE', `/api/users/me/push-subscriptions/${d._id}`, cai)).status).toBe(200);
  });

  it('is the member\'s own: visitors 401, pending members 403, another member 404 and nothing removed', async () => {
    const sub = service.subscribe();
    expect((await call('GET', '/api/users/me/push-subscriptions')).status).toBe(401);
    expect((await addDevice(pending, sub)).status).toBe(403);
    const mine = await addDevice(ben, sub, 'Ben\'s phone');
    expect(mine.status).toBe(201);
    expect((await call('DELETE', `/api/users/me/push-subscriptions/${mine.body._id}`, cai)).status).toBe(404);
    expect((await call('DELETE', '/api/users/me/push-subscriptions/not-an-id', cai)).status).toBe(400);
    expect((await call('GET', '/api/users/me/push-subscriptions', cai)).body.devices).toEqual([]);
    expect((await call('GET', '/api/users/me/push-subscriptions', ben)).body.devices).toHaveLength(1);
    expect((await call('DELETE', `/api/users/me/push-subscriptions/${mine.body._id}`, ben)).status).toBe(200);
    expect((await call('GET', '/api/users/me/push-subscriptions', ben)).body.devices).toEqual([]);
  });
});

describe('the push channel in the preferences', () => {
  it('has defaults (on for chat, mentions, referrals; off for likes), is saved, and is kept when a client leaves it out', async () => {
    const member = await createUser(ctx.db, { name: 'Pref Push' });
    const types = (await call('GET', '/api/notifications/preferences', member)).body.types;
    expect([types.chatMessage.push, types.mention.push, types.referralReceived.push, types.postLike.push, types.commentLike.push])
      .toEqual([true, true, true, false, false]);
    await call('PUT', '/api/notifications/preferences', member, { types: { chatMessage: { inApp: true, email: 'off', push: false } } });
    expect((await call('GET', '/api/notifications/preferences', member)).body.types.chatMessage).toEqual({ inApp: true, email: 'off', push: false });
    await call('PUT', '/api/notifications/preferences', member, { types: { chatMessage: { inApp: true, email: 'daily' } } });
    expect((await call('GET', '/api/notifications/preferences', member)).body.types.chatMessage).toEqual({ inApp: true, email: 'daily', push: false });
    expect((await call('PUT', '/api/notifications/preferences', member, { types: { chatMessage: { inApp: true, email: 'off', push: 'yes' } } })).status).toBe(400);
  });
});

describe('a chat message, pushed for real', () => {
  const SECRET = 'Her panic attacks started after the accident on Elm Street';

  it('arrives signed and encrypted, saying who and where and never the text, and opens the conversation', async () => {
    const phone = service.subscribe();
    await addDevice(ben, phone);
    const conversationId = await openConversation(ctx, ana, ben);
    const sender = await connect(ana);
    const ack = await send(sender, conversationId, SECRET);
    expect(ack._id).toBeTruthy();
    const push = await service.next(phone.id, (p) => p.payload.kind === 'show');
    expect(push.payload).toEqual({ kind: 'show', title: 'Thera Root', body: 'New message from Amara Okafor', url: `/chat/${conversationId}`, tag: `chat:${conversationId}` });
    expect(JSON.stringify(push)).not.toContain('panic');
    expect(push.vapidKey).toBe((await call('GET', '/api/push/public-key')).body.publicKey);
    expect(push.claims.aud).toBe(service.origin);
    expect(push.headers).toMatchObject({ urgency: 'high', ttl: '86400', topic: expect.stringMatching(/^[\w-]{32}$/) });
    expect(service.refused).toEqual([]);
    await ctx.app.jobs.settled();
    const devices = (await call('GET', '/api/users/me/push-subscriptions', ben)).body.devices;
    expect(devices[0].lastSentAt).not.toBeNull();

    // Read on another device: the pushes shown for the conversation close.
    await call('GET', `/api/conversations/${conversationId}/messages`, ben);
    const reader = await connect(ben);
    await emit(reader, 'messagesRead', { conversationId });
    expect((await service.next(phone.id, (p) => p.payload.kind === 'clear')).payload).toEqual({ kind: 'clear', tag: `chat:${conversationId}` });
    reader.disconnect();
  });

  it('is not pushed while the member has the conversation open on a device', async () => {
    const phone = service.subscribe();
    const reader = await createUser(ctx.db, { name: 'Dee Looking' });
    await addDevice(reader, phone);
    const conversationId = await openConversation(ctx, ana, reader);
    const looking = await connect(reader);
    await emit(looking, 'joinConversation', { conversationId });
    const sender = await connect(ana);
    await send(sender, conversationId, 'one');
    await ctx.app.jobs.settled();
    await settle(300);
    expect(service.arrived.filter((p) => p.subscriptionId === phone.id)).toEqual([]);
    looking.disconnect();
    await settle();
    await send(sender, conversationId, 'two');
    expect((await service.next(phone.id)).payload.body).toBe('New message from Amara Okafor');
  });

  it('removes a device its push service answers 410, and a device whose service is down delays no other', async () => {
    const member = await createUser(ctx.db, { name: 'Eve Devices' });
    const [gone, down, fine] = [service.subscribe(), service.subscribe(), service.subscribe()];
    for (const [i, s] of [gone, down, fine].entries()) expect((await addDevice(member, s, `Device ${i}`)).status).toBe(201);
    service.answer(gone.id, 410);
    service.answer(down.id, 503);
    const conversationId = await openConversation(ctx, ana, member);
    await send(await connect(ana), conversationId, 'hello');
    await service.next(fine.id);
    await ctx.app.jobs.settled();
    const names = (await call('GET', '/api/users/me/push-subscriptions', member)).body.devices.map((d: { deviceName: string }) => d.deviceName);
    expect(names).toEqual(['Device 1', 'Device 2']);
    // The device whose service is down waits for its own retry, with the content-free payload.
    const retries = await queryRows<{ payload: { payload: { body: string } } }>(ctx.db, sql`SELECT payload FROM jobs WHERE name = ${PUSH_DEVICE_JOB}`);
    expect(retries.map((r) => r.payload.payload.body)).toEqual(['New message from Amara Okafor']);
    service.answer(down.id, 201);
    await ctx.app.jobs.runDue(new Date(Date.now() + 60_000));
    expect((await service.next(down.id)).payload.body).toBe('New message from Amara Okafor');
  });

  it('is not pushed when the member turned chat pushes off', async () => {
    const member = await createUser(ctx.db, { name: 'Fay Quiet' });
    const phone = service.subscribe();
    await addDevice(member, phone);
    await call('PUT', '/api/notifications/preferences', member, { types: { chatMessage: { inApp: true, email: 'off', push: false } } });
    const conversationId = await openConversation(ctx, ana, member);
    await send(await connect(ana), conversationId, 'hello');
    await ctx.app.jobs.settled();
    await settle(300);
    expect(service.arrived.filter((p) => p.subscriptionId === phone.id)).toEqual([]);
  });
});

describe('notifications, pushed for real', () => {
  it('a reply says who and where, never the post\'s title or text, and opens it', async () => {
    const author = await createUser(ctx.db, { name: 'Gus Author' });
    const phone = service.subscribe();
    await addDevice(author, phone);
    await call('PUT', '/api/notifications/preferences', author, { types: { postReply: { inApp: true, email: 'off', push: true } } });
    const community = await createCommunity(ctx.db, { name: 'Trauma-informed care' }, [author.id, ana.id]);
    const post = await call('POST', '/api/forumPosts', author, { title: 'Confidential case title', content: 'Secret post body', communityId: community.id });
    await call('POST', `/api/forumPosts/${post.body._id}/comments`, ana, { content: 'Secret comment body' });
    const push = await service.next(phone.id);
    expect(push.payload).toMatchObject({ kind: 'show', body: 'Amara Okafor replied to your post in Trauma-informed care' });
    expect(String(push.payload.url)).toContain(post.body._id);
    expect(JSON.stringify(push.payload)).not.toMatch(/Confidential|Secret/);
  });

  it('test push reaches every device of the member', async () => {
    const member = await createUser(ctx.db, { name: 'Hal Test' });
    const [a, b] = [service.subscribe(), service.subscribe()];
    await addDevice(member, a);
    await addDevice(member, b, 'Laptop');
    expect((await call('POST', '/api/users/me/push-subscriptions/test', member)).body).toEqual({ sent: 2 });
    for (const s of [a, b]) expect((await service.next(s.id)).payload.body).toBe('Notifications work on this device');
  });
});
