// One fleet process (forked by bench/members.ts): its share of the simulated members, each with its own session token,
// one socket.io socket and visits over a bounded keep-alive HTTP pool. It records every request's and every chat
// message's latency while the parent says "measure", and hands them over on "collect".
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Message, ServerToClientEvents } from '../../common/chat.ts';
import { REAL, SCREENS, WRITES_PER_VISIT, actionOf, jittered, screenRequests, type MemberView, type Screen } from './mix.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
export type FleetMember = MemberView & { n: number; token: string; node: number };
export type ToFleet =
  | { type: 'init'; k: number; urls: string[]; pool: number; worker: number }
  | { type: 'add'; members: FleetMember[] }
  | { type: 'measure' } | { type: 'collect' } | { type: 'stop' };
export type Samples = {
  requests: Record<string, number[]>; errors: Record<string, number>; timeouts: number;
  chat: { delivery: number[]; sent: number; errors: number; timeouts: number }; disconnects: number; members: number;
  /** Time requests waited for a free connection of the pool (part of their latency), and this process's event-loop delay. */
  poolWaitMs: number[]; eventLoopDelayMs: { p50: number; p99: number };
};

const REQUEST_TIMEOUT_MS = 10_000;
const DELIVERY_TIMEOUT_MS = 10_000;
const CONNECT_BATCH = 50;

let k = 1;
let urls: string[] = [];
let agents: http.Agent[] = [];
let worker = 0;
let measuring = false;
let stopped = false;
let seq = 0;
const live: { member: FleetMember; socket: Client; timers: NodeJS.Timeout[][] }[] = [];
// Messages sent while measuring, by sequence number: when sent (delivery is measured at the recipient's socket).
const pending = new Map<number, number>();
let samples = fresh();

function fresh(): Samples {
  return {
    requests: {}, errors: {}, timeouts: 0, chat: { delivery: [], sent: 0, errors: 0, timeouts: 0 }, disconnects: 0, members: 0,
    poolWaitMs: [], eventLoopDelayMs: { p50: 0, p99: 0 },
  };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One HTTP request over the member's node's pool; the body is read in full; latency and outcome recorded. */
function request(m: FleetMember, method: string, path: string, body?: unknown): Promise<unknown> {
  const started = performance.now();
  const counted = measuring;
  const action = actionOf(method, path);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const url = new URL(path, urls[m.node]);
    const req = http.request(url, {
      method, agent: agents[m.node], timeout: REQUEST_TIMEOUT_MS,
      headers: { 'x-auth-token': m.token, ...(payload ? { 'content-type': 'application/json' } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (counted && measuring) {
          (samples.requests[action] ??= []).push(performance.now() - started);
          if ((res.statusCode ?? 500) >= 400) samples.errors[`${action} ${res.statusCode}`] = (samples.errors[`${action} ${res.statusCode}`] ?? 0) + 1;
        }
        try {
          resolve((res.statusCode ?? 500) < 400 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined);
        } catch {
          resolve(undefined);
        }
      });
    });
    req.once('socket', () => {
      if (counted && measuring) samples.poolWaitMs.push(performance.now() - started);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => {
      if (counted && measuring) {
        if (error.message === 'timeout') samples.timeouts++;
        else samples.errors[`${action} ${error.message}`] = (samples.errors[`${action} ${error.message}`] ?? 0) + 1;
      }
      resolve(undefined);
    });
    req.end(payload);
  });
}

/** One visit: the screens in order, a think time between them, and writes at the mix's rates. */
async function visit(entry: (typeof live)[number], fromScreen = 0) {
  const m = entry.member;
  let postId: string | undefined;
  // A post is one picked from the community page: a visit entered at the post starts at the community.
  const from = SCREENS[fromScreen] === 'post' ? fromScreen - 1 : fromScreen;
  for (const screen of (SCREENS as readonly Screen[]).slice(from)) {
    if (stopped || !entry.socket.connected) return;
    const results = await Promise.all(screenRequests(screen, m, pick, postId).map(([method, path]) => request(m, method, path)));
    if (screen === 'community') postId = pick((results[1] as { posts?: { _id: string }[] } | undefined)?.posts ?? [{ _id: '' }])._id || undefined;
    if (screen === 'post' && postId) await writes(m, postId);
    if (screen === 'conversation') entry.socket.emit('messagesRead', { conversationId: m.conversationId });
    await sleep(jittered(REAL.thinkSeconds, k));
  }
}

async function writes(m: FleetMember, postId: string) {
  if (Math.random() < WRITES_PER_VISIT.like) await request(m, 'POST', `/api/forumPosts/${postId}/like`, { liked: true });
  if (Math.random() < WRITES_PER_VISIT.comment) await request(m, 'POST', `/api/forumPosts/${postId}/comments`, { content: 'A simulated reply from the members benchmark.' });
  if (Math.random() < WRITES_PER_VISIT.post) {
    await request(m, 'POST', '/api/forumPosts', { title: 'A simulated question', content: 'Posted by the members benchmark.', communityId: pick(m.communities) });
  }
}

function sendMessage(entry: (typeof live)[number]) {
  if (stopped || !entry.socket.connected) return;
  const n = ++seq;
  const at = performance.now();
  const counted = measuring;
  if (counted) {
    pending.set(n, at);
    samples.chat.sent++;
  }
  entry.socket.emit('sendMessage', { conversationId: entry.member.conversationId, text: `members-bench ${worker} ${n}` }, (reply) => {
    if ('msg' in reply && counted && pending.delete(n)) samples.chat.errors++;
  });
}

/**
 * Starts `task` every interval (compressed, jittered; measured start to start), entering the cycle at a random point
 * so a step's load is steady from its first second (a visit may start at a later screen).
 */
function every(seconds: number, task: (resumeAt?: number) => unknown): NodeJS.Timeout[] {
  const holder: NodeJS.Timeout[] = [];
  const run = (resumeAt?: number) => {
    if (stopped) return;
    const started = performance.now();
    const interval = jittered(seconds, k);
    void Promise.resolve(task(resumeAt)).finally(() => {
      holder[0] = setTimeout(run, Math.max(0, interval - (performance.now() - started)));
    });
  };
  const cycleMs = (seconds * 1000) / k;
  const u = Math.random() * cycleMs;
  const visitMs = (SCREENS.length * REAL.thinkSeconds * 1000) / k;
  // Within a visit's length of the cycle's start: the member is mid-visit, at the screen that point falls on.
  if (seconds === REAL.visitSeconds && u < visitMs) holder[0] = setTimeout(() => run(Math.floor((u / visitMs) * SCREENS.length)), 0);
  else holder[0] = setTimeout(run, cycleMs - u);
  return holder;
}

function connect(m: FleetMember): Promise<Client | undefined> {
  return new Promise((resolve) => {
    const socket: Client = io(urls[m.node], { path: '/socket.io', transports: ['websocket'], auth: { token: m.token }, forceNew: true, reconnection: false, timeout: 20_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', () => {
      socket.disconnect();
      resolve(undefined);
    });
  });
}

function onMessage(m: FleetMember, socket: Client) {
  return (message: Message) => {
    if (message.sender._id === m.id) return;
    const [, from, n] = message.text.split(' ');
    if (Number(from) !== worker) return;
    const at = pending.get(Number(n));
    if (at !== undefined && pending.delete(Number(n))) samples.chat.delivery.push(performance.now() - at);
    // What the web client does on every incoming message.
    socket.emit('messagesDelivered', { conversationId: m.conversationId });
  };
}

async function add(members: FleetMember[]) {
  let failed = 0;
  for (let i = 0; i < members.length; i += CONNECT_BATCH) {
    const group = members.slice(i, i + CONNECT_BATCH);
    const sockets = await Promise.all(group.map(connect));
    sockets.forEach((socket, j) => {
      if (!socket) return void failed++;
      const member = group[j];
      const entry = { member, socket, timers: [] as NodeJS.Timeout[][] };
      socket.on('newMessage', onMessage(member, socket));
      socket.on('disconnect', () => {
        if (!stopped && measuring) samples.disconnects++;
      });
      live.push(entry);
      entry.timers = [every(REAL.visitSeconds, (from) => visit(entry, from)), every(REAL.messageSeconds, () => sendMessage(entry))];
    });
  }
  return failed;
}

/** Stops counting, waits for messages sent in the window (up to the delivery timeout), hands the samples over. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

async function collect(): Promise<Samples> {
  measuring = false;
  samples.eventLoopDelayMs = { p50: Math.round(loopDelay.percentile(50) / 1e4) / 100, p99: Math.round(loopDelay.percentile(99) / 1e4) / 100 };
  const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
  while (pending.size && performance.now() < deadline) await sleep(50);
  const out = samples;
  out.chat.timeouts = pending.size;
  out.members = live.filter((e) => e.socket.connected).length;
  pending.clear();
  samples = fresh();
  return out;
}

async function handle(msg: ToFleet) {
  if (msg.type === 'init') {
    ({ k, urls, worker } = msg);
    agents = urls.map(() => new http.Agent({ keepAlive: true, maxSockets: msg.pool }));
    process.send!({ type: 'ready' });
  } else if (msg.type === 'add') {
    process.send!({ type: 'added', failed: await add(msg.members) });
  } else if (msg.type === 'measure') {
    samples = fresh();
    loopDelay.reset();
    pending.clear();
    measuring = true;
  } else if (msg.type === 'collect') {
    process.send!({ type: 'samples', samples: await collect() });
  } else if (msg.type === 'stop') {
    stopped = true;
    for (const e of live.splice(0)) {
      for (const holder of e.timers) clearTimeout(holder[0]);
      e.socket.disconnect();
    }
    for (const a of agents) a.destroy();
    process.exit(0);
  }
}

process.on('message', (msg: ToFleet) => void handle(msg));
