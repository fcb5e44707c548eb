// Consultation groups at scale, on PostgreSQL (thera_bench_groups), loopback only, bounded in time:
//  1. Reads at BENCH_GROUPS_CONNECTIONS (20) connections, each beside hello-world Fastify at the same connections:
//     `GET /api/groups?q=` over 20,000 groups (a different word on each request, a word every group has, and the first
//     page with no words), and `GET /api/users/me/consultation-hours` for members with 500 attended meetings each.
//     Budget: p95 under 25 ms.
//  2. Group message delivery (sender's send → each other member's newMessage): 200 group conversations of 12 members
//     (2,400 sockets), 100 messages a second spread over them, on one node and on two nodes over Redis (the members of
//     every group split across the nodes), each just after a bare socket.io relay at the same sockets and rate
//     (bench/baselines/relay.ts). Recipients acknowledge delivery as the web client does (gathered per node since
//     decision 0380; the senders' `messageStatus` events and the members they name are counted). Budget: p99 under
//     100 ms; the p99 over the relay's is reported against chat's ratio budget (2).
// The result's `figures` holds the issue's three: delivery p99 (one node, two nodes), `?q=` p95, the hours p95.
// Run: node bench/groups.ts (the first run seeds, about a minute; later runs reuse it; about 4 minutes in all). Knobs:
// BENCH_GROUPS_SECONDS (10 per read), BENCH_GROUPS_CONNECTIONS (20), BENCH_GROUPS_RATE (100 messages/s),
// BENCH_GROUPS_SEND_SECONDS (15), BENCH_GROUPS_WARMUP (3), BENCH_GROUPS_RECEIPTS=0, BENCH_GROUPS_NODES=one|two|none,
// BENCH_GROUPS_READS=0, BENCH_PORT (3361; +1 the second node, +2 hello-world), REDIS_URL, BENCH_PG.
import os from 'node:os';
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Message, ServerToClientEvents } from '../common/chat.ts';
import { SPECIALTIES, MODALITIES } from '../common/options.ts';
import { queryRows, type Db } from '../server/db/client.ts';
import { helloWorld, RATIO_BUDGETS, startBaseline, versusHelloWorld, type Baseline } from './baseline.ts';
import { benchDatabase, count, explain, measure, seedTherapists, startServer, writeResult, type Figures } from './lib.ts';
import { load1, loadAverage, machineTicks, machineSince, watchLoad, type MachineLoad } from './machine.ts';
import { cpuSeconds } from './proc.ts';

const DATABASE = 'thera_bench_groups';
const SIZES = { therapists: 3_000, groups: 20_000, chatGroups: 200, groupSize: 12, readers: 20, attendedEach: 500, otherAttendees: 1_000, otherAttendedEach: 50 };
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3361);
const PORTS = [BASE_PORT, BASE_PORT + 1];
const HELLO_PORT = BASE_PORT + 2;
const SECONDS = Number(process.env.BENCH_GROUPS_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_GROUPS_CONNECTIONS ?? 20);
const RATE = Number(process.env.BENCH_GROUPS_RATE ?? 100);
const SEND_SECONDS = Number(process.env.BENCH_GROUPS_SEND_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_GROUPS_WARMUP ?? 3);
const RECEIPTS = process.env.BENCH_GROUPS_RECEIPTS !== '0';
const NODES = process.env.BENCH_GROUPS_NODES ?? 'both';
const READS = process.env.BENCH_GROUPS_READS !== '0';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUDGET = { readP95Ms: 25, deliveryP99Ms: 100 };
const HARD_STOP_MS = 12 * 60_000;
const TOKEN = (n: number) => `groups-bench-token-${n}`;
// The hours asked for: every seeded meeting falls in it (weekly from 2017).
const HOURS_PATH = '/api/users/me/consultation-hours?from=2017-01-01&to=2026-12-31';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const servers: ChildProcess[] = [];
const clients: Client[] = [];
const hardStop = setTimeout(() => {
  console.error('groups bench: still running after 12 minutes, stopping');
  stopAll();
  process.exit(2);
}, HARD_STOP_MS);

function stopAll() {
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of servers.splice(0)) s.kill('SIGKILL');
}

const people = sql`(SELECT id, substring(email from '^bench([0-9]+)@')::int AS n FROM users WHERE email ~ '^bench[0-9]+@bench\\.test$')`;
const textArray = (items: readonly string[]) => sql.raw(`ARRAY[${items.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]::text[]`);

/** 20,000 groups (four in five listed, seats taken 1 to 12 of 12), spread over the therapists as facilitators. */
async function seedGroups(db: Db) {
  const have = await count(db, 'consultation_groups');
  if (have >= SIZES.groups) return;
  await db.execute(sql`
    INSERT INTO consultation_groups (name, description, visibility, max_members, specialties, modalities, frequency, weekday,
      local_time, time_zone, duration_minutes, starts_on, facilitator_id, members_count, created_at)
    SELECT s.spec || ' consultation circle ' || g, 'Peer consultation on ' || lower(s.spec) || ' cases with ' || s.modality || ', group number ' || g,
      CASE WHEN g % 5 = 0 THEN 'private' ELSE 'listed' END, 12, ARRAY[s.spec], ARRAY[s.modality],
      (ARRAY['weekly', 'biweekly', 'monthly'])[1 + g % 3], g % 7, lpad((8 + g % 12)::text, 2, '0') || ':00',
      (ARRAY['America/Toronto', 'America/Vancouver', 'Europe/London', 'Australia/Sydney'])[1 + g % 4], 90,
      date '2024-01-01' + (g % 700), p.id, 1 + g % 12, now() - (g || ' minutes')::interval
    FROM generate_series(${have + 1}::int, ${SIZES.groups}::int) AS g
    CROSS JOIN LATERAL (SELECT (${textArray(SPECIALTIES)})[1 + g % ${SPECIALTIES.length}] AS spec,
      (${textArray(MODALITIES)})[1 + (g * 7) % ${MODALITIES.length}] AS modality) s
    JOIN ${people} p ON p.n = 1 + g % ${SIZES.therapists}`);
  await db.execute(sql`VACUUM ANALYZE consultation_groups`);
}

/** 500 attended meetings (weekly from 2017) for each reader, and 50 for each of 1,000 others. */
async function seedAttendance(db: Db) {
  const want = SIZES.readers * SIZES.attendedEach + SIZES.otherAttendees * SIZES.otherAttendedEach;
  if ((await count(db, 'group_attendance')) >= want) return;
  await db.execute(sql`DELETE FROM group_attendance`);
  const insert = (fromN: number, toN: number, each: number) => db.execute(sql`
    INSERT INTO group_attendance (occurrence, user_id, starts_at, duration_minutes, group_name, facilitator_name, confirmed_at, meeting_key)
    SELECT t.at, p.id, t.at, 90, 'Bench circle ' || (p.n % 50), 'Bench Facilitator ' || (p.n % 50), CASE WHEN k % 3 = 0 THEN NULL ELSE t.at END,
      'bench-' || p.n || '_' || k
    FROM ${people} p CROSS JOIN generate_series(1, ${each}::int) AS k
    CROSS JOIN LATERAL (SELECT timestamptz '2017-01-03 23:00:00Z' + ((k * 7 + p.n % 7) || ' days')::interval AS at) t
    WHERE p.n BETWEEN ${fromN}::int AND ${toN}::int`);
  await insert(1, SIZES.readers, SIZES.attendedEach);
  await insert(SIZES.readers + 1, SIZES.readers + SIZES.otherAttendees, SIZES.otherAttendedEach);
  await db.execute(sql`VACUUM ANALYZE group_attendance`);
}

type Member = { n: number; id: string; token: string; conversationId: string };

/**
 * 200 group conversations of 12 members (therapists 1-2,400), each with 20 read messages of history, fresh on every
 * run; a session with a known token for each member.
 */
async function seedConversations(db: Db): Promise<Member[]> {
  const members = SIZES.chatGroups * SIZES.groupSize;
  const [{ n }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM conversations WHERE title LIKE 'Bench group %' AND is_group`);
  if (n !== SIZES.chatGroups) {
    await db.execute(sql`DELETE FROM conversations WHERE title LIKE 'Bench group %' AND is_group`);
    await db.execute(sql`
      WITH made AS (SELECT k, gen_random_uuid() AS id FROM generate_series(1, ${SIZES.chatGroups}::int) AS k)
      INSERT INTO conversations (id, pair_key, is_group, title, creator_id)
      SELECT m.id, 'group:' || m.id, true, 'Bench group ' || m.k, p.id FROM made m JOIN ${people} p ON p.n = (m.k - 1) * ${SIZES.groupSize} + 1`);
    await db.execute(sql`
      INSERT INTO conversation_participants (conversation_id, user_id)
      SELECT c.id, p.id FROM conversations c JOIN ${people} p
        ON (p.n - 1) / ${SIZES.groupSize} + 1 = substring(c.title from 'Bench group ([0-9]+)')::int
      WHERE c.title LIKE 'Bench group %' AND c.is_group AND p.n <= ${members}::int`);
  }
  const bench = sql`(SELECT id FROM conversations WHERE title LIKE 'Bench group %' AND is_group)`;
  await db.execute(sql`DELETE FROM messages WHERE conversation_id IN ${bench}`);
  await db.execute(sql`
    INSERT INTO messages (conversation_id, sender_id, text, status, created_at, delivered_at, read_at)
    SELECT cp.conversation_id, cp.user_id, 'History message ' || k, 'read', now() - ((21 - k) || ' hours')::interval, now(), now()
    FROM (SELECT conversation_id, user_id, row_number() OVER (PARTITION BY conversation_id ORDER BY user_id) AS r
      FROM conversation_participants WHERE conversation_id IN ${bench}) cp
    CROSS JOIN generate_series(1, 20) AS k WHERE cp.r = 1 + k % ${SIZES.groupSize}`);
  await db.execute(sql`
    UPDATE conversations c SET pinned_message_id = NULL,
      last_message_id = (SELECT m.id FROM messages m WHERE m.conversation_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1),
      updated_at = coalesce((SELECT max(m.created_at) FROM messages m WHERE m.conversation_id = c.id), c.created_at)
    WHERE c.id IN ${bench}`);
  await db.execute(sql`UPDATE conversation_participants SET unread_count = 0, delivered_through = now(), read_through = now()
    WHERE conversation_id IN ${bench}`);
  await db.execute(sql`
    INSERT INTO sessions (user_id, token_hash)
    SELECT p.id, encode(sha256(convert_to('groups-bench-token-' || p.n, 'UTF8')), 'hex') FROM ${people} p WHERE p.n <= ${members}::int
    ON CONFLICT (token_hash) DO UPDATE SET created_at = now(), last_used_at = now()`);
  await db.execute(sql`VACUUM ANALYZE conversations`);
  await db.execute(sql`VACUUM ANALYZE conversation_participants`);
  await db.execute(sql`VACUUM ANALYZE messages`);
  await db.execute(sql`CHECKPOINT`);
  const rows = await queryRows<{ n: number; id: string; conversation_id: string }>(db, sql`
    SELECT p.n, p.id, cp.conversation_id FROM ${people} p JOIN conversation_participants cp ON cp.user_id = p.id
    WHERE cp.conversation_id IN ${bench} ORDER BY p.n`);
  return rows.map((r) => ({ n: r.n, id: String(r.id), token: TOKEN(r.n), conversationId: String(r.conversation_id) }));
}

// ---------------------------------------------------------------------------------------------------------------- reads

type Read = Figures & MachineLoad & { path: string; budgetP95Ms: number; withinBudget: boolean; vsHelloWorld: ReturnType<typeof versusHelloWorld> };

const WORDS = ['anxiety', 'trauma', 'grief', 'depression', 'burnout', 'addiction', 'autism', 'divorce', 'gambling', 'hoarding',
  'adoption', 'codependency', 'CBT', 'EMDR', 'gestalt', 'DBT', 'child', 'couples', 'chronic pain', 'eating disorders'];

async function reads(db: Db) {
  const tokens = Array.from({ length: SIZES.readers }, (_, i) => TOKEN(i + 1));
  const base = `http://127.0.0.1:${PORTS[0]}`;
  let word = 0;
  const reads: Record<string, { path: string; nextPath?: () => string; kind: 'uncached' }> = {
    groupsSearch: { path: '/api/groups?q=anxiety', nextPath: () => `/api/groups?q=${encodeURIComponent(WORDS[word++ % WORDS.length])}`, kind: 'uncached' },
    groupsSearchBroad: { path: '/api/groups?q=consultation', kind: 'uncached' },
    groupsFirstPage: { path: '/api/groups', kind: 'uncached' },
    hours: { path: HOURS_PATH, kind: 'uncached' },
  };
  // Each answers as it should before anything is measured.
  for (const [name, r] of Object.entries(reads)) {
    const res = await fetch(base + r.path, { headers: { 'x-auth-token': tokens[0] } });
    if (!res.ok) throw new Error(`${name}: ${r.path} answered ${res.status} ${await res.text()}`);
    const body = await res.json() as { groups?: unknown[]; lines?: unknown[] };
    if (body.groups && body.groups.length !== 20) throw new Error(`${name}: ${body.groups.length} groups`);
    if (name === 'hours' && body.lines?.length !== SIZES.attendedEach) throw new Error(`hours: ${body.lines?.length} lines`);
  }
  const plans = {
    groupsSearch: await explain(db, sql`SELECT g.id FROM consultation_groups g WHERE g.visibility = 'listed' AND g.members_count < g.max_members
      AND g.search @@ websearch_to_tsquery('english', 'anxiety') ORDER BY g.created_at DESC, g.id DESC LIMIT 21`),
    groupsSearchBroad: await explain(db, sql`SELECT g.id FROM consultation_groups g WHERE g.visibility = 'listed' AND g.members_count < g.max_members
      AND g.search @@ websearch_to_tsquery('english', 'consultation') ORDER BY g.created_at DESC, g.id DESC LIMIT 21`),
    hours: await explain(db, sql`SELECT meeting_key, starts_at FROM group_attendance
      WHERE user_id = (SELECT id FROM ${people} p WHERE p.n = 1) AND starts_at >= '2017-01-01' AND starts_at < '2027-01-01'
      ORDER BY starts_at, meeting_key LIMIT 5000`),
  };
  await measure(base + reads.groupsSearch.path, { tokens, seconds: 2, connections: CONNECTIONS }); // warm-up
  const helloWorldBaseline: Baseline = await helloWorld(HELLO_PORT, CONNECTIONS, SECONDS);
  const results: Record<string, Read> = {};
  for (const [name, r] of Object.entries(reads)) {
    const done = watchLoad();
    const figures = await measure(base + r.path, { tokens, seconds: SECONDS, connections: CONNECTIONS, nextPath: r.nextPath });
    results[name] = {
      path: r.nextPath ? `/api/groups?q=<one of ${WORDS.length} words, in turn>` : r.path, ...figures, ...done(),
      budgetP95Ms: BUDGET.readP95Ms, withinBudget: figures.p95 < BUDGET.readP95Ms && figures.errors === 0 && figures.non2xx === 0,
      vsHelloWorld: versusHelloWorld(figures, helloWorldBaseline, r.kind),
    };
    console.log(`${name.padEnd(18)} p50 ${figures.p50} p95 ${figures.p95} p99 ${figures.p99} ms, ${figures.rps} req/s, non-2xx ${figures.non2xx}, load ${load1().toFixed(2)}`);
  }
  return { connections: CONNECTIONS, seconds: SECONDS, readers: tokens.length, helloWorld: helloWorldBaseline, plans, ...results };
}

// ------------------------------------------------------------------------------------------------------------- delivery

function connect(url: string, auth: Record<string, string>): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket: Client = io(url, { path: '/socket.io', transports: ['websocket'], auth, forceNew: true, reconnection: false, timeout: 30_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

const percentile = (sorted: number[], p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 100) / 100;

/** Every member connected (to the node its number names), in batches of 100. */
async function connectAll(members: Member[], urls: string[], relay: boolean) {
  const started = performance.now();
  const sockets: Client[] = [];
  for (let i = 0; i < members.length; i += 100) {
    const batch = members.slice(i, i + 100);
    sockets.push(...await Promise.all(batch.map((m) => connect(urls[m.n % urls.length],
      relay ? { token: m.token, room: m.conversationId, userId: m.id } : { token: m.token }))));
  }
  clients.push(...sockets);
  return { sockets, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

/** RATE messages a second for `seconds`, each from the next member of the next group in turn; latency at every other member. */
async function send(members: Member[], sockets: Client[], seconds: number, seqBase: number, relay: boolean) {
  const byConversation = new Map<string, number[]>();
  members.forEach((m, i) => byConversation.set(m.conversationId, [...(byConversation.get(m.conversationId) ?? []), i]));
  const groups = [...byConversation.values()];
  const sentAt = new Map<number, { at: number; from: number }>();
  const delivery: number[] = [];
  const acks: number[] = [];
  let errors = 0;
  const errorCodes: Record<string, number> = {};
  let duplicates = 0;
  const seen = new Set<string>();
  // The senders' receipts: events, and the members they name (a group's are gathered per node, decision 0380).
  const receipts = { events: 0, membersNamed: 0 };
  const onStatus = (u: { status: string; userIds?: string[]; userId?: string }) => {
    if (u.status !== 'delivered') return;
    receipts.events++;
    receipts.membersNamed += u.userIds?.length ?? (u.userId ? 1 : 0);
  };
  for (const socket of sockets) socket.on('messageStatus', onStatus);
  const off = sockets.map((socket, i) => {
    const onMessage = (m: Message) => {
      if (!m.text.startsWith('bench ')) return;
      const seq = Number(m.text.slice('bench '.length));
      const sent = sentAt.get(seq);
      if (!sent || sent.from === i) return;
      const key = `${seq}:${i}`;
      if (seen.has(key)) duplicates++;
      seen.add(key);
      delivery.push(performance.now() - sent.at);
      if (RECEIPTS) {
        socket.emit('messagesDelivered', (relay ? { conversationId: m.conversationId, senderId: members[sent.from].id } : { conversationId: m.conversationId }) as never);
      }
    };
    socket.on('newMessage', onMessage);
    return () => socket.off('newMessage', onMessage);
  });
  const cpuBefore = servers.map((s) => cpuSeconds(s.pid));
  const ticks = machineTicks();
  const total = RATE * seconds;
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
      for (; sent < due; sent++) {
        const group = groups[sent % groups.length];
        const from = group[Math.floor(sent / groups.length) % group.length];
        const seq = seqBase + sent;
        const at = performance.now();
        sentAt.set(seq, { at, from });
        sockets[from].emit('sendMessage', { conversationId: members[from].conversationId, text: `bench ${seq}` }, (reply) => {
          if ('msg' in reply) {
            errors++;
            const code = String((reply as { code?: string }).code ?? reply.msg);
            errorCodes[code] = (errorCodes[code] ?? 0) + 1;
          } else acks.push(performance.now() - at);
        });
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const sendSeconds = (performance.now() - started) / 1000;
  const expected = (total - errors) * (SIZES.groupSize - 1);
  const deadline = performance.now() + 10_000;
  while (seen.size < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const stop of off) stop();
  for (const socket of sockets) socket.off('messageStatus', onStatus);
  const cpu = servers.map((s, i) => Math.round(((cpuSeconds(s.pid) - cpuBefore[i]) / sendSeconds) * 100));
  delivery.sort((a, b) => a - b);
  acks.sort((a, b) => a - b);
  return {
    messages: total, deliveriesExpected: expected, delivered: seen.size, lost: expected - seen.size, duplicates, errors, errorCodes,
    deliveryMs: { p50: percentile(delivery, 50), p95: percentile(delivery, 95), p99: percentile(delivery, 99), max: percentile(delivery, 100) },
    ackMs: { p50: percentile(acks, 50), p99: percentile(acks, 99) }, deliveredReceipts: receipts,
    serverCpuPercentOfOneCore: cpu, load1: load1(), ...machineSince(ticks),
  };
}

async function stopServers() {
  for (const c of clients.splice(0)) c.disconnect();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => {
    if (s.exitCode !== null) return resolve();
    s.once('exit', () => resolve());
    s.kill('SIGTERM');
  })));
}

async function deliveryRun(label: string, members: Member[], urls: string[], relay: boolean) {
  const { sockets, seconds } = await connectAll(members, urls, relay);
  console.log(`  ${label}: ${sockets.length} sockets connected in ${seconds} s; sending ${RATE} messages/s for ${SEND_SECONDS} s`);
  const warmUp = WARMUP_SECONDS > 0 ? await send(members, sockets, WARMUP_SECONDS, 1_000_000, relay) : 'none';
  const run = await send(members, sockets, SEND_SECONDS, 0, relay);
  console.log(`  ${label}: delivery p50 ${run.deliveryMs.p50} p95 ${run.deliveryMs.p95} p99 ${run.deliveryMs.p99} ms; lost ${run.lost}, errors ${run.errors}; `
    + `${JSON.stringify(run.errorCodes)}; server CPU ${run.serverCpuPercentOfOneCore.join('/')} %, machine busy ${run.busyPercent} %, steal ${run.stealPercent} %, load ${run.load1}`);
  await stopServers();
  return { connectSeconds: seconds, sockets: sockets.length, warmUp: typeof warmUp === 'object' ? { deliveryMs: warmUp.deliveryMs, lost: warmUp.lost } : warmUp, ...run };
}

async function deliveryPhase(nodes: 1 | 2, url: string, members: Member[]) {
  console.log(`groups bench: delivery on ${nodes === 1 ? 'one node' : 'two nodes over Redis'}`);
  const ports = PORTS.slice(0, nodes);
  const redis: Record<string, string> = nodes === 2 ? { REDIS_URL } : {};
  for (const port of ports) servers.push((await startBaseline('relay.ts', port, { ...redis, RELAY_STATUS_TO: 'sender' })).child);
  const relay = await deliveryRun('relay', members, ports.map((p) => `http://127.0.0.1:${p}`), true);
  const extra = { REDIS_URL: nodes === 2 ? REDIS_URL : '', SOCKETS_PER_ADDRESS: String(members.length * 2) };
  for (const port of ports) servers.push(await startServer(url, port, extra));
  const app = await deliveryRun('app', members, ports.map((p) => `http://127.0.0.1:${p}`), false);
  const p99Ratio = relay.deliveryMs.p99 > 0 ? Math.round((app.deliveryMs.p99 / relay.deliveryMs.p99) * 100) / 100 : null;
  return {
    nodes, budgetP99Ms: BUDGET.deliveryP99Ms,
    withinBudget: app.deliveryMs.p99 < BUDGET.deliveryP99Ms && app.lost === 0 && app.errors === 0,
    vsRelay: { p99Ratio, maxP99Ratio: RATIO_BUDGETS.chatP99, withinRatioBudget: p99Ratio !== null && p99Ratio <= RATIO_BUDGETS.chatP99 },
    app, relay,
  };
}

// ----------------------------------------------------------------------------------------------------------------- main

async function main() {
  if (!/^redis:\/\/(127\.0\.0\.1|localhost)[:/]/.test(REDIS_URL)) throw new Error('benchmarks only use a loopback Redis');
  const started = Date.now();
  const loadBefore = loadAverage();
  const { db, url, close } = await benchDatabase(DATABASE);
  try {
    const seedStarted = Date.now();
    await seedTherapists(db, SIZES.therapists);
    await seedGroups(db);
    await seedAttendance(db);
    const members = await seedConversations(db);
    const seedSeconds = Math.round((Date.now() - seedStarted) / 1000);
    const [listed] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM consultation_groups WHERE visibility = 'listed' AND members_count < max_members`);
    const data = {
      groups: await count(db, 'consultation_groups'), listedWithOpenSeats: listed.n, attendance: await count(db, 'group_attendance'),
      attendedByEachReader: SIZES.attendedEach, readers: SIZES.readers, users: await count(db, 'users'),
      groupConversations: SIZES.chatGroups, membersPerGroup: SIZES.groupSize, sockets: members.length, ratePerSecond: RATE,
    };
    console.log(`groups bench: data ${JSON.stringify(data)} (seeding ${seedSeconds} s)`);

    let readResults: unknown = 'not run';
    if (READS) {
      servers.push(await startServer(url, PORTS[0]));
      try {
        readResults = await reads(db);
      } finally {
        await stopServers();
      }
    }
    const oneNode = NODES === 'both' || NODES === 'one' ? await deliveryPhase(1, url, members) : 'not run';
    const twoNodes = NODES === 'both' || NODES === 'two' ? await deliveryPhase(2, url, members) : 'not run';
    const readVerdicts = typeof readResults === 'object' ? Object.values(readResults as object)
      .filter((v): v is { withinBudget: boolean } => typeof v === 'object' && v !== null && 'withinBudget' in v) : [];
    const phases = [oneNode, twoNodes].filter((p): p is Awaited<ReturnType<typeof deliveryPhase>> => typeof p === 'object');
    const p = (value: unknown, ...keys: string[]) => keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value) ?? null;
    // The issue's three figures, read from the phases below.
    const figures = {
      deliveryP99Ms: { oneNode: p(oneNode, 'app', 'deliveryMs', 'p99'), twoNodes: p(twoNodes, 'app', 'deliveryMs', 'p99'), budget: BUDGET.deliveryP99Ms },
      groupsSearchP95Ms: { value: p(readResults, 'groupsSearch', 'p95'), budget: BUDGET.readP95Ms },
      consultationHoursP95Ms: { value: p(readResults, 'hours', 'p95'), budget: BUDGET.readP95Ms },
    };
    console.log(`groups bench: ${JSON.stringify(figures)}`);
    writeResult('groups', {
      figures,
      note: 'Clients, servers, PostgreSQL and Redis share the machine; on a busy machine the figures say as much about it as '
        + 'about the code: read them beside the load, busy and steal, and the same-run baselines (hello-world, relay).',
      tookSeconds: Math.round((Date.now() - started) / 1000), seedSeconds,
      loadAverage: { before: loadBefore, after: loadAverage(), cpus: os.cpus().length },
      settings: { connections: CONNECTIONS, seconds: SECONDS, ratePerSecond: RATE, sendSeconds: SEND_SECONDS, warmupSeconds: WARMUP_SECONDS, receipts: RECEIPTS },
      data, budget: BUDGET,
      withinBudget: readVerdicts.every((v) => v.withinBudget) && phases.every((p) => p.withinBudget),
      reads: readResults, delivery: { oneNode, twoNodes },
    });
    console.log('groups bench: written to bench/results/groups.json');
  } finally {
    await close();
  }
}

try {
  await main();
} finally {
  clearTimeout(hardStop);
  stopAll();
}
process.exit(0);
