// Chat at scale: a fleet of socket.io clients against real server processes on PostgreSQL.
//  1. One node: how many connected sockets it holds (ramped in steps up to BENCH_CHAT_SOCKETS, default 5,000), then the
//     delivery latency (sender's send → recipient's newMessage) at 500 messages per second.
//  2. Two nodes over Redis (ports 3304 and 3305): the same, with every conversation split across the two nodes.
// Loopback only, bounded counts and time (a hard stop after 90 minutes); it stops by itself.
// Run: node bench/chat.ts   (writes bench/results/chat.json; about 30 minutes with and without the handicap). Each phase runs BENCH_CHAT_RUNS (5) times on fresh servers. Knobs: BENCH_CHAT_SOCKETS (5000),
// BENCH_CHAT_RATE (500 messages/s), BENCH_CHAT_SECONDS (20), BENCH_CHAT_WARMUP (5 s at the same rate first, reported apart), BENCH_CHAT_RECEIPTS=0 (recipients send no delivery receipts),
// BENCH_CHAT_NODES=one|two (only that phase), BENCH_CHAT_ONE_REDIS=1 (the one node uses Redis too: the adapter and counters alone),
// DATABASE_POOL_SIZE (the servers' pool, 10), REDIS_URL (redis://127.0.0.1:6379), BENCH_PG (see lib.ts).
// Each socket is a file descriptor in this process and in a server: 5,000 needs `ulimit -n` above ~5,100 (fdLimit in the result).
// The results report the machine's load alongside the figures: on a shared machine they say as much about it as about the chat.
// Every run also measures a bare socket.io relay with no database (bench/baselines/relay.ts) at the same sockets and rate,
// on the same ports, just before the app: the app's delivery p99 over the relay's holds a budget of 2 on any machine.
// BENCH_HANDICAP: unset runs every phase without and then with the handicap (bench/handicap.ts: a process busy 40 % of one
// core and an fsync'd write every 5 ms on the database's disk), 0 only without, 1 only with; chat.json keeps the last
// figures of a section not run. Each run reports the servers' CPU per delivered message (µs) and old-generation growth per message.
import { execSync, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Message, ServerToClientEvents } from '../common/chat.ts';
import { openDatabase, queryRows, type Db } from '../server/db/client.ts';
import { RATIO_BUDGETS, startBaseline } from './baseline.ts';
import { startHandicap, type HandicapReport } from './handicap.ts';
import { benchDatabase, startServer, writeResult } from './lib.ts';
import { gcBetween, gcRecorder, loopBetween, oldGenerationGrowth, postgresWaits, slowSeconds, tailCauses } from './chat-tail.ts';
import { load1, machineBusySince, machineTicks, stealSince } from './machine.ts';
import { cpuByCommand, cpuByCommandSince, cpuSeconds, rssMb, writeCalls } from './proc.ts';

const TARGET_SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 5000);
const STEP = 500;
const CONNECT_BATCH = 100;
const RATE_PER_SECOND = Number(process.env.BENCH_CHAT_RATE ?? 500);
const SEND_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_CHAT_WARMUP ?? 5);
// Senders each send one message a second: well inside the 30 per 10 seconds limit.
const PAIRS = RATE_PER_SECOND;
const STEP_TIME_LIMIT_MS = 60_000;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORTS = [3304, 3305];
const HARD_STOP_MS = 90 * 60_000;
// Each phase runs this many times, each on fresh servers; the result reports every run, the spread and the worst.
const RUNS = Number(process.env.BENCH_CHAT_RUNS ?? 5);
const BUDGET_P99_MS = 50;
// Each server reports its event-loop delay every second (and names slow timer callbacks): see bench/loop-trace.ts.
const LOOP_TRACE = ['--import', path.join(import.meta.dirname, 'loop-trace.ts')];
const HISTORY = 20;
// Recipients acknowledge delivery as the web client does; BENCH_CHAT_RECEIPTS=0 leaves that out, to see its cost.
const RECEIPTS = process.env.BENCH_CHAT_RECEIPTS !== '0';
// BENCH_CHAT_NODES=one or two runs only that phase.
const PHASES = process.env.BENCH_CHAT_NODES ?? 'both';
// BENCH_HANDICAP=0: only without the handicap; 1: only with it; unset: both, one after the other.
const HANDICAP = process.env.BENCH_HANDICAP;

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type BenchUser = { n: number; id: string; token: string };

const servers: ChildProcess[] = [];
const gcRecorders: ReturnType<typeof gcRecorder>[] = [];
// A connection for reading PostgreSQL's own counters (checkpoints, WAL flushes) around each measurement.
let statsDb: Db | undefined;
// Another, sampling PostgreSQL's backends every 100 ms (what they wait on) during each measurement.
let waitsDb: Db | undefined;
const clients: Client[] = [];
// Whatever happens, the bench ends: servers killed, process gone.
const hardStop = setTimeout(() => {
  console.error(`chat bench: still running after ${HARD_STOP_MS / 60_000} minutes, stopping`);
  stopAll();
  process.exit(2);
}, HARD_STOP_MS);

function stopAll() {
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of servers.splice(0)) s.kill('SIGKILL');
}

/** Users chat-bench-1..N with a known token each, and a conversation for every pair (1,2), (3,4), ... */
async function seed(db: Db, total: number): Promise<{ users: BenchUser[]; conversations: Map<number, string> }> {
  await db.execute(sql`
    INSERT INTO users (name, email, password_hash, verification_status, verified_at, profession)
    SELECT 'Chat Bench ' || g, 'chat-bench-' || g || '@bench.test', 'not-a-login', 'verified', now(), 'Registered Psychotherapist'
    FROM generate_series(1, ${total}::int) AS g
    ON CONFLICT DO NOTHING`);
  const benchUsers = sql`(SELECT id, split_part(split_part(email, '@', 1), '-', 3)::int AS n FROM users
    WHERE email LIKE 'chat-bench-%@bench.test') AS u`;
  // Fresh sessions on every run (the server ends idle ones), with tokens the clients know.
  await db.execute(sql`
    INSERT INTO sessions (user_id, token_hash)
    SELECT u.id, encode(sha256(convert_to('chat-bench-token-' || u.n, 'UTF8')), 'hex') FROM ${benchUsers} WHERE u.n <= ${total}::int
    ON CONFLICT (token_hash) DO UPDATE SET created_at = now(), last_used_at = now()`);
  const pairs = sql`(SELECT a.id AS a, b.id AS b, least(a.id::text, b.id::text) || ':' || greatest(a.id::text, b.id::text) AS pair_key
    FROM (SELECT id, split_part(split_part(email, '@', 1), '-', 3)::int AS n FROM users WHERE email LIKE 'chat-bench-%@bench.test') a
    JOIN (SELECT id, split_part(split_part(email, '@', 1), '-', 3)::int AS n FROM users WHERE email LIKE 'chat-bench-%@bench.test') b
      ON b.n = a.n + 1
    WHERE a.n % 2 = 1 AND b.n <= ${total}::int) AS p`;
  await db.execute(sql`INSERT INTO conversations (pair_key) SELECT p.pair_key FROM ${pairs} ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO conversation_participants (conversation_id, user_id)
    SELECT c.id, x.user_id FROM ${pairs} JOIN conversations c ON c.pair_key = p.pair_key
    CROSS JOIN LATERAL (VALUES (p.a), (p.b)) AS x(user_id)
    ON CONFLICT DO NOTHING`);
  // Conversations have a history, as real ones do (and the planner sees a real table): 20 read messages each. Each run
  // starts again from it (references clear themselves: ON DELETE SET NULL); the text is encrypted, so the previous
  // run's messages are found by their senders, not their words.
  await db.execute(sql`DELETE FROM messages m USING users u WHERE u.id = m.sender_id AND u.email LIKE 'chat-bench-%@bench.test'`);
  await db.execute(sql`
    INSERT INTO messages (conversation_id, sender_id, text, status, created_at, delivered_at, read_at)
    SELECT c.id, CASE WHEN k % 2 = 0 THEN split_part(c.pair_key, ':', 1)::uuid ELSE split_part(c.pair_key, ':', 2)::uuid END,
      'History message ' || k, 'read', now() - ((21 - k) || ' hours')::interval, now(), now()
    FROM conversations c CROSS JOIN generate_series(1, ${HISTORY}::int) AS k
    WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id)`);
  await db.execute(sql`
    UPDATE conversations c SET pinned_message_id = NULL,
      last_message_id = (SELECT m.id FROM messages m WHERE m.conversation_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1),
      updated_at = coalesce((SELECT max(m.created_at) FROM messages m WHERE m.conversation_id = c.id), c.created_at)`);
  await db.execute(sql`UPDATE conversation_participants SET unread_count = 0`);
  await db.execute(sql`VACUUM ANALYZE`);
  // The seed's writes reach the disk now, not in a checkpoint in the middle of a measured run.
  await db.execute(sql`CHECKPOINT`);

  const rows = await queryRows<{ id: string; n: number }>(db, sql`SELECT u.id, u.n FROM ${benchUsers} WHERE u.n <= ${total}::int ORDER BY u.n`);
  const users = rows.map((r) => ({ n: r.n, id: String(r.id), token: `chat-bench-token-${r.n}` }));
  const convRows = await queryRows<{ id: string; n: number }>(db, sql`
    SELECT p.conversation_id AS id, u.n FROM conversation_participants p JOIN ${benchUsers} ON u.id = p.user_id WHERE u.n % 2 = 1`);
  return { users, conversations: new Map(convRows.map((r) => [r.n, String(r.id)])) };
}

function connect(url: string, auth: Record<string, string>): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket: Client = io(url, { path: '/socket.io', transports: ['websocket'], auth, forceNew: true, reconnection: false, timeout: 20_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

/** Connects in steps of STEP until the target, a failure, or a step that takes too long. */
async function ramp(users: BenchUser[], urlFor: (u: BenchUser) => string, authFor: (u: BenchUser) => Record<string, string>) {
  const byUser = new Map<number, Client>();
  const steps: { sockets: number; stepSeconds: number; failed: number; serverRssMb: number[]; load1: number }[] = [];
  let held = 0;
  for (let from = 0; from < users.length; from += STEP) {
    const started = performance.now();
    const batch = users.slice(from, from + STEP);
    let failed = 0;
    for (let i = 0; i < batch.length; i += CONNECT_BATCH) {
      const group = batch.slice(i, i + CONNECT_BATCH);
      const results = await Promise.allSettled(group.map((u) => connect(urlFor(u), authFor(u))));
      results.forEach((r, j) => {
        if (r.status === 'fulfilled') {
          clients.push(r.value);
          byUser.set(group[j].n, r.value);
        } else failed++;
      });
    }
    held += batch.length - failed;
    const stepSeconds = Math.round((performance.now() - started) / 10) / 100;
    steps.push({ sockets: held, stepSeconds, failed, serverRssMb: servers.map((s) => rssMb(s.pid)), load1: load1() });
    console.log(`  ${held} sockets connected (step ${stepSeconds} s, ${failed} failed, server RSS ${servers.map((s) => rssMb(s.pid)).join('/')} MB)`);
    if (failed > 0 || stepSeconds * 1000 > STEP_TIME_LIMIT_MS) break;
  }
  // Every socket still connected after the ramp, a few seconds on.
  await new Promise((r) => setTimeout(r, 3000));
  return { byUser, summary: { target: users.length, held: clients.filter((c) => c.connected).length, steps } };
}

const percentile = (sorted: number[], p: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 100) / 100;

/** RATE_PER_SECOND messages a second for SEND_SECONDS, from PAIRS senders to their partners; latency at the recipient. */
async function latency(senders: Client[], recipients: Client[], conversationIds: string[], seconds: number, seqBase: number) {
  const sentAt = new Map<number, number>();
  const delivery: number[] = [];
  const arrivals: { atMs: number; ms: number }[] = [];
  const acks: number[] = [];
  let errors = 0;
  let duplicates = 0;
  const seen = new Set<number>();
  const listeners = recipients.map((socket, i) => {
    const onMessage = (m: Message) => {
      const seq = Number(m.text.slice('bench '.length));
      const at = sentAt.get(seq);
      if (at === undefined) return;
      if (seen.has(seq)) duplicates++;
      seen.add(seq);
      const now = performance.now();
      delivery.push(now - at);
      arrivals.push({ atMs: now, ms: now - at });
      // What a real client does: tell the server this device has it.
      if (RECEIPTS) socket.emit('messagesDelivered', { conversationId: conversationIds[i] });
    };
    socket.on('newMessage', onMessage);
    return () => socket.off('newMessage', onMessage);
  });
  const cpuBefore = servers.map((s) => cpuSeconds(s.pid));
  const writesBefore = servers.map((s) => writeCalls(s.pid));
  const clientCpuBefore = process.cpuUsage();
  const machineBefore = machineTicks();
  const dbCpuBefore = cpuByCommand('postgres');
  const pgBefore = await postgresCounters();
  // The client fleet's own event loop: if it lags, the latencies measured here include that wait.
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  clientLag.enable();
  const pgWaits = waitsDb ? postgresWaits(waitsDb) : undefined;
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      const due = Math.min(RATE_PER_SECOND * seconds, Math.floor((elapsed / 1000) * RATE_PER_SECOND));
      for (; sent < due; sent++) {
        const i = sent % senders.length;
        const seq = seqBase + sent;
        const at = performance.now();
        sentAt.set(seq, at);
        senders[i].emit('sendMessage', { conversationId: conversationIds[i], text: `bench ${seq}` }, (reply) => {
          if ('msg' in reply) errors++;
          else acks.push(performance.now() - at);
        });
      }
      if (sent >= RATE_PER_SECOND * seconds) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const sendSeconds = (performance.now() - started) / 1000;
  const sendEnded = performance.now();
  const drainDeadline = performance.now() + 10_000;
  while (seen.size + errors < sent && performance.now() < drainDeadline) await new Promise((r) => setTimeout(r, 50));
  const drainEnded = performance.now();
  const cpuUsed = servers.map((s, i) => cpuSeconds(s.pid) - cpuBefore[i]);
  const cpu = cpuUsed.map((seconds) => Math.round((seconds / sendSeconds) * 100));
  const oldGrowth = oldGenerationGrowth(gcRecorders, started, drainEnded);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const writesPerMessage = servers.map((s, i) => Math.round(((writeCalls(s.pid) - writesBefore[i]) / Math.max(1, sent)) * 10) / 10);
  const dbCpu = Math.round((cpuByCommandSince('postgres', dbCpuBefore) / sendSeconds) * 100);
  clientLag.disable();
  pgWaits?.stop();
  const pgAfter = await postgresCounters();
  for (const stop of listeners) stop();
  const slow = slowSeconds(arrivals, started, BUDGET_P99_MS);
  const gcPauses = gcBetween(gcRecorders, started, sendEnded);
  const waits = pgWaits?.between(started, sendEnded) ?? [];
  delivery.sort((a, b) => a - b);
  acks.sort((a, b) => a - b);
  return {
    ratePerSecond: RATE_PER_SECOND, seconds, sent, received: seen.size, lost: sent - seen.size - errors, errors, duplicates,
    deliveryMs: { p50: percentile(delivery, 50), p95: percentile(delivery, 95), p99: percentile(delivery, 99), max: percentile(delivery, 100) },
    ackMs: { p50: percentile(acks, 50), p95: percentile(acks, 95), p99: percentile(acks, 99) },
    serverCpuPercentOfOneCore: cpu,
    // The servers' CPU time (all of them, every thread) from the first send until the last delivery, per message delivered.
    serverCpuMicrosPerMessage: Math.round((cpuUsed.reduce((a, b) => a + b, 0) * 1e6) / Math.max(1, seen.size)),
    // The servers' old generation at the end less at the start, per message delivered (a collection between lowers it).
    oldGenerationBytesPerMessage: gcRecorders.length ? Math.round(oldGrowth.reduce((a, b) => a + b, 0) / Math.max(1, seen.size)) : null,
    serverWriteCallsPerMessage: writesPerMessage,
    postgresCpuPercentOfOneCore: dbCpu,
    clientCpuPercentOfOneCore: Math.round(((clientCpu.user + clientCpu.system) / 1e6 / sendSeconds) * 100),
    clientEventLoopDelayMs: {
      p50: Math.round(clientLag.percentile(50) / 1e4) / 100, p99: Math.round(clientLag.percentile(99) / 1e4) / 100, max: Math.round(clientLag.max / 1e4) / 100,
    },
    // Where the tail came from: the seconds it happened in, the servers' collection pauses, PostgreSQL's checkpoints.
    slowSeconds: slow,
    serverGcPauses: gcPauses,
    // The messages over budget by what their second held (a full collection, a commit queue, neither).
    overBudgetBy: tailCauses(slow, gcPauses, waits),
    // Each server's event-loop delay per second (bench/loop-trace.ts), and PostgreSQL's waits per second.
    serverEventLoop: loopBetween(gcRecorders, started, sendEnded),
    postgresWaits: waits,
    postgres: { checkpoints: pgAfter.checkpoints - pgBefore.checkpoints, walFlushes: pgAfter.walSyncs - pgBefore.walSyncs, autovacuums: pgAfter.autovacuums - pgBefore.autovacuums },
    load1: load1(),
    machineBusyPercent: machineBusySince(machineBefore),
    stealPercent: stealSince(machineBefore),
  };
}

/** PostgreSQL's cumulative counters: checkpoints, WAL flushes to disk, autovacuum runs on the chat tables. */
async function postgresCounters(): Promise<{ checkpoints: number; walSyncs: number; autovacuums: number }> {
  if (!statsDb) return { checkpoints: 0, walSyncs: 0, autovacuums: 0 };
  const [row] = await queryRows<{ checkpoints: number; wal_syncs: number; autovacuums: number }>(statsDb, sql`
    SELECT (SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter)::int AS checkpoints,
      (SELECT wal_sync FROM pg_stat_wal)::int AS wal_syncs,
      (SELECT coalesce(sum(autovacuum_count + autoanalyze_count), 0) FROM pg_stat_user_tables
        WHERE relname IN ('messages', 'conversations', 'conversation_participants'))::int AS autovacuums`);
  return { checkpoints: row.checkpoints, walSyncs: row.wal_syncs, autovacuums: row.autovacuums };
}

async function stopServers() {
  for (const c of clients.splice(0)) c.disconnect();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => {
    s.once('exit', () => resolve());
    s.kill('SIGTERM');
  })));
}

/** Senders (odd users) and their partners, connected, with their conversations: up to PAIRS of them. */
function pairUp(users: BenchUser[], byUser: Map<number, Client>, conversations: Map<number, string>) {
  const senders: Client[] = [];
  const recipients: Client[] = [];
  const ids: string[] = [];
  for (let n = 1; senders.length < PAIRS && n < users.length; n += 2) {
    const [s, r, c] = [byUser.get(n), byUser.get(n + 1), conversations.get(n)];
    if (s?.connected && r?.connected && c) {
      senders.push(s);
      recipients.push(r);
      ids.push(c);
    }
  }
  return { senders, recipients, ids };
}

/** Connects every user, sends at the rate (a warm-up first, reported apart) and measures delivery; then disconnects. */
async function measureDelivery(users: BenchUser[], conversations: Map<number, string>, urls: string[], authFor: (u: BenchUser) => Record<string, string>) {
  // Odd users (senders) on the first node, their partners on the last: with two nodes every message crosses over.
  const urlFor = (u: BenchUser) => urls[u.n % 2 === 1 ? 0 : urls.length - 1];
  const { byUser, summary: connections } = await ramp(users, urlFor, authFor);
  const { senders, recipients, ids } = pairUp(users, byUser, conversations);
  console.log(`  sending ${RATE_PER_SECOND} messages/s for ${SEND_SECONDS} s over ${senders.length} conversations`);
  // A fresh process first compiles its hot paths, grows its heap and prepares its statements: that first stretch is
  // measured and reported apart (warmUp), and the figures are the steady state that follows at the same rate.
  const warmUp = WARMUP_SECONDS > 0 ? await latency(senders, recipients, ids, WARMUP_SECONDS, 1_000_000) : 'none';
  if (typeof warmUp === 'object') console.log(`  warm-up (${WARMUP_SECONDS} s): delivery p50 ${warmUp.deliveryMs.p50} ms, p99 ${warmUp.deliveryMs.p99} ms`);
  const delivery = await latency(senders, recipients, ids, SEND_SECONDS, 0);
  console.log(`  delivery p50 ${delivery.deliveryMs.p50} ms, p95 ${delivery.deliveryMs.p95} ms, p99 ${delivery.deliveryMs.p99} ms; lost ${delivery.lost}, errors ${delivery.errors}`);
  console.log(`  server CPU ${delivery.serverCpuPercentOfOneCore.join('/')} % (${delivery.serverCpuMicrosPerMessage} µs per message), `
    + `old generation ${delivery.oldGenerationBytesPerMessage ?? '-'} B per message, write calls per message ${delivery.serverWriteCallsPerMessage.join('/')}, steal ${delivery.stealPercent} %`);
  await stopServers();
  return { connections, warmUp, delivery };
}

/** The baseline of this run: a bare socket.io relay (no database) on the same ports, sockets and rate. */
async function relayRun(nodes: 1 | 2, users: BenchUser[], conversations: Map<number, string>) {
  console.log(`  relay baseline (${nodes === 1 ? 'one process' : 'two processes over Redis'})`);
  gcRecorders.splice(0);
  const relays = [];
  for (const port of PORTS.slice(0, nodes)) relays.push(await startBaseline('relay.ts', port, nodes === 2 ? { REDIS_URL } : {}));
  servers.push(...relays.map((r) => r.child));
  const roomOf = (u: BenchUser) => conversations.get(u.n % 2 === 1 ? u.n : u.n - 1) ?? '';
  const { connections, delivery } = await measureDelivery(users, conversations, relays.map((r) => r.url), (u) => ({ token: u.token, room: roomOf(u), userId: u.id }));
  return {
    held: connections.held, deliveryMs: delivery.deliveryMs, lost: delivery.lost, errors: delivery.errors,
    serverCpuPercentOfOneCore: delivery.serverCpuPercentOfOneCore, serverCpuMicrosPerMessage: delivery.serverCpuMicrosPerMessage,
    stealPercent: delivery.stealPercent,
  };
}

async function phase(name: string, databaseUrl: string, nodes: 1 | 2, users: BenchUser[], conversations: Map<number, string>) {
  console.log(`chat bench: ${name}`);
  const relay = await relayRun(nodes, users, conversations);
  // One node runs without Redis even when the environment has REDIS_URL (an empty value counts as unset).
  // Every simulated user connects from 127.0.0.1: the per-address cap would stop the ramp at its default of 50.
  const extra: Record<string, string> = {
    REDIS_URL: nodes === 2 || process.env.BENCH_CHAT_ONE_REDIS ? REDIS_URL : '', SOCKETS_PER_ADDRESS: String(TARGET_SOCKETS * 2),
  };
  gcRecorders.splice(0);
  for (const port of PORTS.slice(0, nodes)) {
    const recorder = gcRecorder();
    gcRecorders.push(recorder);
    servers.push(await startServer(databaseUrl, port, extra, { nodeArgs: ['--trace-gc', ...LOOP_TRACE], onStdout: recorder.onStdout }));
  }
  const urls = PORTS.slice(0, nodes).map((p) => `http://127.0.0.1:${p}`);
  const { connections, warmUp, delivery } = await measureDelivery(users, conversations, urls, (u) => ({ token: u.token }));
  console.log(`  messages over budget by cause: ${JSON.stringify(delivery.overBudgetBy)}`);
  // The tail's seconds next to each server's event-loop delay in them: a stall in a server shows in both.
  for (const s of delivery.slowSeconds) {
    const loops = delivery.serverEventLoop.map((l) => `${l.maxMsBySecond[s.second] ?? 0} (cpu ${l.cpuMsBySecond[s.second] ?? 0})`).join('/');
    const waits = JSON.stringify(delivery.postgresWaits.find((w) => w.second === s.second)?.waits ?? {});
    console.log(`  slow second ${s.second}: ${s.overBudget} of ${s.messages} over budget, max ${s.maxMs} ms; server loop delay max ${loops} ms; postgres waits ${waits}`);
  }
  for (const [i, g] of delivery.serverGcPauses.entries()) for (const f of g.fullCollections) console.log(`  server ${i} full collection: ${JSON.stringify(f)}`);
  for (const c of delivery.serverEventLoop.flatMap((l, i) => l.slowCallbacks.map((cb) => ({ server: i, ...cb })))) console.log(`  slow timer callback: ${JSON.stringify(c)}`);
  const p99Ratio = relay.deliveryMs.p99 > 0 ? Math.round((delivery.deliveryMs.p99 / relay.deliveryMs.p99) * 100) / 100 : null;
  console.log(`  delivery p99 ${delivery.deliveryMs.p99} ms against the relay's ${relay.deliveryMs.p99} ms: ${p99Ratio} (budget ${RATIO_BUDGETS.chatP99})`);
  const vsRelay = { p99Ratio, maxP99Ratio: RATIO_BUDGETS.chatP99, withinRatioBudget: p99Ratio !== null && p99Ratio <= RATIO_BUDGETS.chatP99 };
  return { nodes, relay, vsRelay, connections, warmUp, delivery };
}

/** The open-files limit, raised for this run (by running again under `ulimit -n`) when it is too low for the fleet. */
function ensureFileLimit(): void {
  const needed = TARGET_SOCKETS + 1000;
  const limit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  if (!Number.isFinite(limit) || limit >= needed || process.env.BENCH_CHAT_RAISED) return;
  console.log(`chat bench: open-files limit ${limit} < ${needed}, running again with ulimit -n ${needed * 2}`);
  const again = spawnSync('bash', ['-c', `ulimit -n ${needed * 2} && exec "${process.execPath}" ${process.execArgv.join(' ')} bench/chat.ts`], {
    stdio: 'inherit', env: { ...process.env, BENCH_CHAT_RAISED: '1' },
  });
  process.exit(again.status ?? 1);
}

type PhaseResult = Awaited<ReturnType<typeof phase>>;

/** A phase RUNS times over, each on fresh servers: every run's figures, the spread of p99 and the worst run whole. */
async function repeated(name: string, databaseUrl: string, nodes: 1 | 2, users: BenchUser[], conversations: Map<number, string>) {
  const runs: PhaseResult[] = [];
  for (let run = 1; run <= RUNS; run++) runs.push(await phase(`${name}, run ${run} of ${RUNS}`, databaseUrl, nodes, users, conversations));
  const p99s = runs.map((r) => r.delivery.deliveryMs.p99);
  const sorted = [...p99s].sort((a, b) => a - b);
  const worst = runs[p99s.indexOf(sorted[sorted.length - 1])];
  const causes = sumCauses(runs.map((r) => r.delivery.overBudgetBy));
  const ratios = runs.map((r) => r.vsRelay.p99Ratio);
  console.log(`${name}: p99 ${p99s.join(', ')} ms (worst ${sorted[sorted.length - 1]}), relay p99 ${runs.map((r) => r.relay.deliveryMs.p99).join(', ')} ms, `
    + `ratio ${ratios.join(', ')}; over budget by cause in all runs ${JSON.stringify(causes)}`);
  return {
    nodes, runs: runs.length,
    deliveryP99Ms: { each: p99s, best: sorted[0], median: sorted[Math.floor(sorted.length / 2)], worst: sorted[sorted.length - 1] },
    everyRunWithinBudget: p99s.every((p) => p < BUDGET_P99_MS),
    relayP99Ms: { each: runs.map((r) => r.relay.deliveryMs.p99) },
    p99OverRelayP99: { each: ratios, worst: Math.max(...ratios.map((r) => r ?? Infinity)), max: RATIO_BUDGETS.chatP99 },
    everyRunWithinRatioBudget: runs.every((r) => r.vsRelay.withinRatioBudget),
    serverCpuMicrosPerMessage: { each: runs.map((r) => r.delivery.serverCpuMicrosPerMessage), relayEach: runs.map((r) => r.relay.serverCpuMicrosPerMessage) },
    oldGenerationBytesPerMessage: { each: runs.map((r) => r.delivery.oldGenerationBytesPerMessage) },
    lostInAllRuns: runs.reduce((sum, r) => sum + r.delivery.lost, 0),
    overBudgetByCauseInAllRuns: causes,
    eachRun: runs.map((r) => ({
      relay: r.relay, vsRelay: r.vsRelay,
      serverCpuMicrosPerMessage: r.delivery.serverCpuMicrosPerMessage, oldGenerationBytesPerMessage: r.delivery.oldGenerationBytesPerMessage,
      held: r.connections.held, deliveryMs: r.delivery.deliveryMs, ackMs: r.delivery.ackMs, lost: r.delivery.lost, errors: r.delivery.errors,
      stealPercent: r.delivery.stealPercent, machineBusyPercent: r.delivery.machineBusyPercent, overBudgetBy: r.delivery.overBudgetBy,
      slowSeconds: r.delivery.slowSeconds,
      serverGcPauses: r.delivery.serverGcPauses, serverEventLoop: r.delivery.serverEventLoop, postgresWaits: r.delivery.postgresWaits,
      postgres: r.delivery.postgres, clientEventLoopDelayMs: r.delivery.clientEventLoopDelayMs,
    })),
    worstRun: worst,
  };
}

function sumCauses(each: ReturnType<typeof tailCauses>[]) {
  const total = { fullCollection: 0, commitQueue: 0, other: 0 };
  for (const c of each) for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += c[k];
  return total;
}

type Section = { measuredAt: string; handicap: HandicapReport | 'off'; oneNode: unknown; twoNodes: unknown };

/** Every phase once over: one node, then two nodes over Redis (as BENCH_CHAT_NODES says), with or without the handicap. */
async function section(databaseUrl: string, users: BenchUser[], conversations: Map<number, string>, handicapped: boolean): Promise<Section> {
  const measuredAt = new Date().toISOString();
  const handicap = handicapped ? await startHandicap(databaseUrl) : undefined;
  const label = handicapped ? ', with the handicap' : '';
  try {
    const oneNode = PHASES !== 'two' ? await repeated(`one node${label}`, databaseUrl, 1, users, conversations) : 'not run';
    const twoNodes = PHASES !== 'one' ? await repeated(`two nodes over Redis${label}`, databaseUrl, 2, users, conversations) : 'not run';
    return { measuredAt, handicap: handicap?.report() ?? 'off', oneNode, twoNodes };
  } finally {
    handicap?.stop();
  }
}

/** The sections of the last chat.json, so a run with or without the handicap alone keeps the other's last figures. */
function previousSections(): { withoutHandicap?: Section; withHandicap?: Section } {
  try {
    return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'results', 'chat.json'), 'utf8')) as { withoutHandicap?: Section; withHandicap?: Section };
  } catch {
    return {};
  }
}

async function main() {
  ensureFileLimit();
  if (!/^redis:\/\/(127\.0\.0\.1|localhost)[:/]/.test(REDIS_URL)) throw new Error('benchmarks only use a loopback Redis');
  const database = await benchDatabase('thera_bench_chat');
  const { users, conversations } = await seed(database.db, TARGET_SOCKETS);
  await database.close();
  statsDb = (await openDatabase({ url: database.url, poolSize: 1 })).db;
  waitsDb = (await openDatabase({ url: database.url, poolSize: 1 })).db;
  const started = new Date();
  const previous = previousSections();
  const withoutHandicap = HANDICAP !== '1' ? await section(database.url, users, conversations, false) : previous.withoutHandicap ?? 'not run';
  const withHandicap = HANDICAP !== '0' ? await section(database.url, users, conversations, true) : previous.withHandicap ?? 'not run';
  writeResult('chat', {
    note: 'Clients, server(s), PostgreSQL and Redis share the same machine; the client fleet competes with the server for the cores.',
    // Each socket is a file descriptor on both sides; the limit this process (and the servers it starts) inherited.
    fdLimit: execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim(),
    tookSeconds: Math.round((Date.now() - started.getTime()) / 1000),
    settings: { sockets: TARGET_SOCKETS, ratePerSecond: RATE_PER_SECOND, seconds: SEND_SECONDS, warmupSeconds: WARMUP_SECONDS, runs: RUNS, handicap: HANDICAP ?? 'both' },
    data: { users: TARGET_SOCKETS, conversations: conversations.size, historyPerConversation: HISTORY },
    budget: {
      sockets: 5000, deliveryP99Ms: BUDGET_P99_MS, rule: `p99 under ${BUDGET_P99_MS} ms in every one of ${RUNS} consecutive runs`,
      p99OverRelayP99: RATIO_BUDGETS.chatP99,
    },
    deliveryReceipts: RECEIPTS,
    withoutHandicap, withHandicap,
  });
  console.log('chat bench: written to bench/results/chat.json');
}

try {
  await main();
} finally {
  clearTimeout(hardStop);
  stopAll();
}
process.exit(0);
