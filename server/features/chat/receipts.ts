// Delivered and read receipts, gathered per node (docs/decisions/0380): each device's `messagesDelivered` and
// `messagesRead` waits up to RECEIPT_WINDOW_MS (or until RECEIPT_BATCH others) and goes to the database with the
// others in one statement (./receipt-queries.ts); what the batch changed is told to the senders once, each message's
// new receivers together, in one fan-out for every node rather than one event per member and message.
//
// What a crash may lose: the receipts waiting in a node's memory (at most RECEIPT_WINDOW_MS and one batch in flight),
// and delivered receipts committed in the last instant before a database crash (they do not wait for the WAL). Both
// are informational: a device says them again when it next loads its conversations. Messages are never in a batch.
import type { MessageStatus } from '../../../common/chat.ts';
import type { AppContext } from '../../context.ts';
import { driverCode, postgresCode, tooManyRequests } from '../../lib/errors.ts';
import { chatUnreadChanged } from '../../lib/notify.ts';
import { clearChatPushes } from '../../lib/push-queue.ts';
import { userRoom } from '../../lib/realtime.ts';
import { chatTag } from '../../../common/push.ts';
import { gatherer } from './gather.ts';
import { toConversation } from './present.ts';
import * as q from './queries.ts';
import { markDeliveredMany, markReadMany, type ReceiptAsk, type ReceiptResult } from './receipt-queries.ts';

const RECEIPT_WINDOW_MS = 25;
const RECEIPT_BATCH = 250;
// About two seconds of 1,100 receipts a second: past it a node refuses receipts rather than hold more in memory.
const RECEIPTS_WAITING_MAX = 2_500;
const DEADLOCK = '40P01';

export const RECEIPT_STATUS = 'chat:receipts';
type Status = Exclude<MessageStatus, 'sent'>;
/** In a group, `userIds` are the members whose devices newly received or read every one of `messageIds`. */
type StatusUpdate = { conversationId: string; messageIds: string[]; status: Status; userIds?: string[]; userId?: string; through?: string };
type ToSender = { senderId: string; update: StatusUpdate };

type Receipts = { delivered: (ask: ReceiptAsk) => Promise<ReceiptResult>; read: (ask: ReceiptAsk) => Promise<ReceiptResult> };
const perNode = new WeakMap<AppContext, Receipts>();

/** This node's receipt gatherers (one per context: each node, and each test app, has its own). */
export function receiptsOf(ctx: AppContext): Receipts {
  let receipts = perNode.get(ctx);
  if (!receipts) {
    const options = { windowMs: RECEIPT_WINDOW_MS, maxBatch: RECEIPT_BATCH, maxWaiting: RECEIPTS_WAITING_MAX, refuse: () => tooManyRequests() };
    receipts = {
      delivered: gatherer({ ...options, run: (asks) => writeBatch(ctx, 'delivered', asks) }),
      read: gatherer({ ...options, run: (asks) => writeBatch(ctx, 'read', asks) }),
    };
    perNode.set(ctx, receipts);
  }
  return receipts;
}

const keyOf = (a: ReceiptAsk) => `${a.conversationId}:${a.userId}`;

/** Writes one batch, tells whom it concerns, and gives each ask its result (an ask repeated in the batch changed nothing more). */
async function writeBatch(ctx: AppContext, status: Status, asks: ReceiptAsk[]): Promise<ReceiptResult[]> {
  const write = status === 'delivered' ? markDeliveredMany : markReadMany;
  // Rows are locked in one order, so a deadlock should not happen; should one, the batch is written again once.
  const results = await write(ctx.db, asks).catch((error: unknown) => {
    if (postgresCode(error) === DEADLOCK) return write(ctx.db, asks);
    throw error;
  });
  tellSenders(ctx, status, results);
  if (status === 'read') await afterRead(ctx, results);
  const byKey = new Map(results.map((r) => [keyOf(r), r]));
  const answered = new Set<string>();
  return asks.map((ask) => {
    const key = keyOf(ask);
    const result = byKey.get(key) ?? { ...ask, member: false, isGroup: false, changed: [], through: null, unreadBefore: null };
    if (answered.has(key)) return { ...result, changed: [], unreadBefore: 0 };
    answered.add(key);
    return result;
  });
}

/** The senders' status updates of a batch, one fan-out to every node (each tells its own sockets). */
function tellSenders(ctx: AppContext, status: Status, results: ReceiptResult[]): void {
  const updates = results.filter((r) => r.changed.length).flatMap((r) => (r.isGroup ? [] : pairUpdates(r, status)));
  updates.push(...groupUpdates(results.filter((r) => r.isGroup && r.changed.length), status));
  if (updates.length) ctx.realtime.fanOut(RECEIPT_STATUS, updates);
}

function pairUpdates(r: ReceiptResult, status: Status): ToSender[] {
  const bySender = new Map<string, string[]>();
  for (const { id, senderId } of r.changed) bySender.set(senderId, [...(bySender.get(senderId) ?? []), id]);
  return [...bySender].map(([senderId, messageIds]) => ({ senderId, update: { conversationId: r.conversationId, messageIds, status } }));
}

/**
 * A group's updates: for each sender and conversation, the messages grouped by the members who newly got (or read)
 * them, so eleven members acknowledging one message make one update "delivered to these eleven".
 */
function groupUpdates(results: ReceiptResult[], status: Status): ToSender[] {
  // sender and conversation → message → members; a member's mark, for the update that names only them.
  const receivers = new Map<string, Map<string, string[]>>();
  const through = new Map<string, string>();
  for (const r of results) {
    if (r.through) through.set(keyOf(r), r.through);
    for (const { id, senderId } of r.changed) {
      const key = `${senderId}|${r.conversationId}`;
      const messages = receivers.get(key) ?? new Map<string, string[]>();
      receivers.set(key, messages.set(id, [...(messages.get(id) ?? []), r.userId]));
    }
  }
  const updates: ToSender[] = [];
  for (const [key, messages] of receivers) {
    const [senderId, conversationId] = key.split('|');
    const byMembers = new Map<string, { userIds: string[]; messageIds: string[] }>();
    for (const [messageId, userIds] of messages) {
      const members = [...userIds].sort();
      const entry = byMembers.get(members.join()) ?? { userIds: members, messageIds: [] };
      byMembers.set(members.join(), { ...entry, messageIds: [...entry.messageIds, messageId] });
    }
    for (const { userIds, messageIds } of byMembers.values()) {
      // One member: named as before (`userId`, `through`), for clients that read only these.
      const one = userIds.length === 1 ? { userId: userIds[0], through: through.get(`${conversationId}:${userIds[0]}`) } : {};
      updates.push({ senderId, update: { conversationId, messageIds, status, userIds, ...one } });
    }
  }
  return updates;
}

/** On every node: the status updates for the senders with a socket here. */
export function tellLocally(ctx: AppContext, payload: unknown): void {
  for (const { senderId, update } of payload as ToSender[]) {
    if (ctx.realtime.hasLocalUser(senderId)) ctx.realtime.io.local.to(userRoom(senderId)).emit('messageStatus', update);
  }
}

/**
 * After a batch of reads: each conversation whose list entry changed is shown again to its members (once, whoever of
 * them read), the unread badges of those who had unread messages, and their pushes about it close.
 */
async function afterRead(ctx: AppContext, results: ReceiptResult[]): Promise<void> {
  const changed = results.filter((r) => r.member && (r.changed.length > 0 || (r.unreadBefore ?? 0) > 0));
  for (const conversationId of new Set(changed.map((r) => r.conversationId))) {
    const row = await q.findConversation(ctx.db, conversationId);
    for (const p of row?.participants ?? []) ctx.realtime.toUser(p._id).emit('conversationUpdated', toConversation(row!, p._id));
  }
  const hadUnread = results.filter((r) => (r.unreadBefore ?? 0) > 0);
  if (!hadUnread.length) return;
  await chatUnreadChanged(ctx, hadUnread.map((r) => r.userId));
  for (const r of hadUnread) {
    void ctx.realtime.track(clearChatPushes(ctx, r.userId, chatTag(r.conversationId)))
      .catch((error: unknown) => ctx.realtime.log.error({ event: 'clearPushes', code: driverCode(error) }, 'chat event failed'));
  }
}
