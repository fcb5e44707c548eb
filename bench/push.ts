// Push figures on one node (docs/decisions/0205-web-push.md): chat messages sent over real sockets to members with one
// device each, pushed through web-push to the loopback push service (which verifies and decrypts every push).
// Reports the time from the message's commit (its created_at, on this machine's clock) to the push arriving at the
// service, p50/p95/p99 over PUSH_BENCH_COUNT pushes (default 1000), and the pushes per second the node delivered meanwhile.
// PUSH_BENCH_RATE (messages a second, default unpaced: 8 sends in flight) states the load; the result goes to
// bench/results/push.json, one entry per rate, with the machine's load (the budget: p95 and p99 at most 1 s).
// Usage: node bench/push.ts   (PGlite in memory; DATABASE_URL for PostgreSQL). BENCH_HANDICAP=1 adds the benches'
// competing work; in memory the embedded database has no directory, so name one: BENCH_HANDICAP_DIR=/tmp.
import fs from 'node:fs';
import { createTestContext, baseUrl } from '../server/test/harness.ts';
import { createUser } from '../server/test/factories.ts';
import { startLocalPushService } from '../server/test/push-service.ts';
import { call, connectClient, openConversation } from '../server/test/sockets.ts';
import { HANDICAP, startHandicap } from './handicap.ts';
import { writeResult } from './lib.ts';
import { watchLoad } from './machine.ts';

const COUNT = Number(process.env.PUSH_BENCH_COUNT ?? 1000);
const RECIPIENTS = 50;
const IN_FLIGHT = 8;
const RATE = process.env.PUSH_BENCH_RATE ? Number(process.env.PUSH_BENCH_RATE) : undefined;

const service = await startLocalPushService();
const ctx = await createTestContext({
  listen: true,
  config: { PUSH_ALLOW_LOOPBACK: '1', PUSH_CA_FILE: service.caFile, PUSH_PER_DEVICE_PER_MINUTE: '100000', CHAT_MAX_MESSAGES_PER_10S: '100000', SOCKET_EVENTS_PER_10S: '100000', LOG_LEVEL: 'silent' },
});
const sender = await createUser(ctx.db, { name: 'Amara Okafor' });
const recipients = await Promise.all(Array.from({ length: RECIPIENTS }, (_, i) => createUser(ctx.db, { name: `Push Bench ${i}` })));
const conversations: string[] = [];
const devices = new Map<string, string>();
for (const r of recipients) {
  const sub = service.subscribe();
  const res = await ctx.app.inject({ method: 'POST', url: '/api/users/me/push-subscriptions', headers: r.headers, payload: { endpoint: sub.endpoint, keys: sub.keys, deviceName: 'Bench' } });
  if (res.statusCode !== 201) throw new Error(res.body);
  const conversationId = await openConversation(ctx, sender, r);
  conversations.push(conversationId);
  devices.set(conversationId, sub.id);
}
const socket = await connectClient(baseUrl(ctx), sender.token);

const committed = new Map<string, number>();
// BENCH_HANDICAP=1: the benches' competing work (bench/handicap.ts) beside the measured sends.
const handicap = HANDICAP ? await startHandicap(process.env.DATABASE_URL) : undefined;
const load = watchLoad();
const started = Date.now();
let next = 0;
async function worker() {
  while (next < COUNT) {
    const i = next++;
    // Paced: message i leaves at started + i / RATE seconds.
    if (RATE) await new Promise((r) => setTimeout(r, Math.max(0, started + (i * 1000) / RATE - Date.now())));
    const conversationId = conversations[i % conversations.length];
    const ack = await call(socket, 'sendMessage', { conversationId, text: `bench ${i}`, clientMessageId: `bench-${i}` });
    if (!ack._id) throw new Error(JSON.stringify(ack));
    committed.set(`${conversationId}:${i}`, Date.parse(ack.createdAt));
  }
}
await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
const deadline = Date.now() + 60_000;
while (service.arrived.length < COUNT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
await ctx.app.jobs.settled();

// A push names its conversation, not its message: the k-th push to a device answers the k-th message sent to it.
const byDevice = new Map<string, number[]>();
for (const [key, at] of [...committed.entries()].sort((a, b) => Number(a[0].split(':')[1]) - Number(b[0].split(':')[1]))) {
  const device = devices.get(key.split(':')[0])!;
  byDevice.set(device, [...(byDevice.get(device) ?? []), at]);
}
const latencies: number[] = [];
const arrivalsByDevice = new Map<string, number[]>();
for (const p of service.arrived) arrivalsByDevice.set(p.subscriptionId, [...(arrivalsByDevice.get(p.subscriptionId) ?? []), p.at]);
for (const [device, commits] of byDevice) {
  const arrivals = (arrivalsByDevice.get(device) ?? []).sort((a, b) => a - b);
  commits.sort((a, b) => a - b).forEach((c, k) => { if (arrivals[k] !== undefined) latencies.push(arrivals[k] - c); });
}
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
const arrivals = service.arrived.map((p) => p.at);
const seconds = (Math.max(...arrivals) - started) / 1000;
const figures = {
  pushes: service.arrived.length, refused: service.refused.length, sent: COUNT,
  load: RATE ? `${RATE} messages/s paced, ${RECIPIENTS} recipients with one device each` : `unpaced, ${IN_FLIGHT} sends in flight`,
  commitToPushMs: { p50: pct(50), p95: pct(95), p99: pct(99), max: latencies.at(-1) },
  withinBudget: pct(95) <= 1000,
  pushesPerSecond: Math.round(service.arrived.length / seconds),
  database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
  machineLoad: load(),
  handicap: handicap?.stop() ?? 'off',
};
console.log(JSON.stringify(figures, null, 2));
const file = 'bench/results/push.json';
const before = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { runs?: Record<string, unknown> }).runs ?? {} : {};
writeResult('push', { method: 'chat messages over real sockets; pushes through web-push to the loopback push service in the same process, which verifies VAPID and decrypts each', runs: { ...before, [`${figures.database}-${RATE ?? 'unpaced'}${handicap ? '-handicap' : ''}`]: figures } });
socket.disconnect();
await ctx.close();
await service.close();
process.exit(0);
