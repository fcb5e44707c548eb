// A fleet of chat members as the web client behaves: one socket.io connection each (the spec's reconnection defaults),
// messages sent with an acknowledgement and retried under the same clientMessageId until one comes, every live
// newMessage kept by _id, and what was missed fetched over REST after a reconnection.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Message, ServerToClientEvents } from '../../common/chat.ts';
import { REALTIME_CLIENT_OPTIONS } from '../../common/constants.ts';
import type { Member } from './members.ts';
import { sleep, waitUntil } from './wait.ts';

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const ACK_TIMEOUT_MS = 5000;

export type ChatMember = {
  member: Member;
  socket: ChatSocket;
  /** What this member's screen shows: live messages and fetched pages, merged by _id. */
  shown: Map<string, Message>;
  /** How many times each message id arrived live (more than once is a double the client had to drop). */
  liveArrivals: Map<string, number>;
  /** The member's own messages the server acknowledged, by clientMessageId. */
  acked: Map<string, Message>;
  /** Time of each (re)connection and disconnection. */
  connects: number[];
  disconnects: number[];
  onlinePartners: Set<string>;
  /** Failed (re)connection attempts, by the error's message. */
  connectErrors: Map<string, number>;
};

export type SendTally = { sent: number; acked: number; retries: number; refusals: Record<string, number> };

export function connectMember(url: string, member: Member, extra: Partial<Parameters<typeof io>[1]> = {}): Promise<ChatMember> {
  const socket: ChatSocket = io(url, {
    path: '/socket.io', transports: ['websocket'], auth: { token: member.token }, forceNew: true, ...REALTIME_CLIENT_OPTIONS, ...extra,
  });
  const chat: ChatMember = {
    member, socket, shown: new Map(), liveArrivals: new Map(), acked: new Map(), connects: [], disconnects: [], onlinePartners: new Set(),
    connectErrors: new Map(),
  };
  socket.on('connect_error', (error) => {
    // A transport's failure carries its cause (ECONNRESET...): kept in the key, so a report says what failed.
    const cause = (error as Error & { description?: { message?: string } }).description?.message;
    const key = cause ? `${error.message}: ${cause}` : error.message;
    chat.connectErrors.set(key, (chat.connectErrors.get(key) ?? 0) + 1);
  });
  socket.on('connect', () => chat.connects.push(Date.now()));
  socket.on('disconnect', () => chat.disconnects.push(Date.now()));
  socket.on('newMessage', (m) => {
    chat.liveArrivals.set(m._id, (chat.liveArrivals.get(m._id) ?? 0) + 1);
    chat.shown.set(m._id, m);
  });
  socket.on('getOnlineUsers', (ids) => {
    chat.onlinePartners = new Set(ids);
  });
  socket.on('presenceChanged', ({ userId, online }) => {
    if (online) chat.onlinePartners.add(userId);
    else chat.onlinePartners.delete(userId);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`member ${member.n} did not connect`)), 20_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(chat);
    });
  });
}

export async function connectFleet(url: string, members: Member[], batch = 50): Promise<ChatMember[]> {
  const fleet: ChatMember[] = [];
  for (let i = 0; i < members.length; i += batch) {
    fleet.push(...await Promise.all(members.slice(i, i + batch).map((m) => connectMember(url, m))));
  }
  return fleet;
}

export function closeFleet(fleet: ChatMember[]): void {
  for (const chat of fleet) chat.socket.disconnect();
}

/** One message, retried under the same clientMessageId (after a reconnection if need be) until acknowledged or `until`. */
async function sendOnce(chat: ChatMember, clientMessageId: string, tally: SendTally, until: number): Promise<void> {
  const payload = { conversationId: chat.member.conversationId, text: `message ${clientMessageId}`, clientMessageId };
  tally.sent++;
  for (let attempt = 0; Date.now() < until; attempt++) {
    if (attempt > 0) tally.retries++;
    if (!chat.socket.connected) {
      await waitUntil(() => chat.socket.connected, Math.max(0, until - Date.now()), 'reconnection', 50).catch(() => undefined);
      if (!chat.socket.connected) return;
    }
    const answer = await chat.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('sendMessage', payload)
      .catch(() => ({ code: 'ACK_TIMEOUT' }));
    if ('_id' in answer) {
      chat.acked.set(clientMessageId, answer);
      tally.acked++;
      return;
    }
    const code = String((answer as { code?: string }).code);
    tally.refusals[code] = (tally.refusals[code] ?? 0) + 1;
    await sleep(250 + Math.random() * 250);
  }
}

/**
 * Every member sends a message every `everyMs` (spread over the interval) until stop() is called; stop() waits for
 * the sends in flight to be acknowledged (bounded by `drainMs`) and returns the tally.
 */
export function chatter(fleet: ChatMember[], everyMs: number, drainMs = 30_000) {
  const tally: SendTally = { sent: 0, acked: 0, retries: 0, refusals: {} };
  let running = true;
  let until = Infinity;
  const loops = fleet.map(async (chat, i) => {
    await sleep((everyMs * i) / fleet.length);
    for (let seq = 1; running; seq++) {
      const started = Date.now();
      await sendOnce(chat, `m${chat.member.n}-${seq}`, tally, until);
      await sleep(Math.max(0, everyMs - (Date.now() - started)));
    }
  });
  return {
    tally,
    async stop(): Promise<SendTally> {
      running = false;
      until = Date.now() + drainMs;
      await Promise.all(loops);
      return tally;
    },
  };
}

/** What the web client does after a reconnection: reads its conversation's latest page and merges it by _id. */
export async function fetchMissed(url: string, chat: ChatMember): Promise<void> {
  const response = await fetch(`${url}/api/conversations/${chat.member.conversationId}/messages?limit=100`, {
    headers: { 'x-auth-token': chat.member.token },
  });
  if (!response.ok) throw new Error(`member ${chat.member.n}: messages page answered ${response.status}`);
  for (const m of (await response.json()) as Message[]) chat.shown.set(m._id, m);
}

/**
 * The figures of a run: acknowledged messages missing from the database or from either participant's screen after
 * the fetch, messages stored more than once (one clientMessageId, or one text, in two rows), live arrivals that
 * repeated an _id the client already had (dropped by the client, counted for the record).
 */
export function deliveryFigures(fleet: ChatMember[], stored: { id: string; text: string }[]) {
  const byNumber = new Map(fleet.map((c) => [c.member.n, c]));
  const storedIds = new Set(stored.map((m) => m.id));
  const textCounts = new Map<string, number>();
  for (const m of stored) textCounts.set(m.text, (textCounts.get(m.text) ?? 0) + 1);
  let ackedLost = 0;
  let notShown = 0;
  let acked = 0;
  for (const chat of fleet) {
    const partner = byNumber.get(chat.member.partner);
    for (const message of chat.acked.values()) {
      acked++;
      if (!storedIds.has(message._id)) ackedLost++;
      if (!chat.shown.has(message._id) || (partner && !partner.shown.has(message._id))) notShown++;
    }
  }
  const storedTwice = [...textCounts.values()].filter((n) => n > 1).length;
  const repeatedLive = fleet.reduce((sum, c) => sum + [...c.liveArrivals.values()].filter((n) => n > 1).length, 0);
  return { acked, ackedLost, notShown, storedTwice, repeatedLive };
}
