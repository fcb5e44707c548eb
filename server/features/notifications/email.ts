// The emails for what was missed (docs/decisions/0058-notifications.md): names who and where, links into the app,
// never the text of a post, comment or message; every email carries a one-click unsubscribe for its type (RFC 8058).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { rawColumns, type RawRow, type SqlRow, type SqlValue } from '../../db/rows.ts';
import { type conversationParticipants, type notifications, users } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import type { Mail } from '../../lib/mail.ts';
import { notificationSentenceIn, PREFERENCE_MESSAGES } from '../../../common/i18n/notification-messages.ts';
import { DEFAULT_PREFERENCES, DEFAULT_TIME_ZONE, DIGEST_HOUR, type NotificationType, type PreferenceKey } from '../../../common/notifications.ts';
import { mailLocale, sayIn, type Say } from '../../lib/i18n.ts';
import { EMAIL_TEXTS as T } from './email-texts.ts';
import * as q from './queries.ts';
import { unsubscribeToken } from './service.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer'>;
const RECIPIENT_KEYS = ['id', 'name', 'email', 'locale'] as const;
type Recipient = RawRow<typeof users, (typeof RECIPIENT_KEYS)[number]>;

// The member's email mode for a type: their own setting, else the default.
const DEFAULT_EMAIL_MODES = sql.join(
  Object.entries(DEFAULT_PREFERENCES).map(([key, p]) => sql`(${key}, ${p.email})`), sql`, `,
);
const emailModeOf = (n: string) => sql`coalesce((SELECT p.email FROM notification_preferences p WHERE p.user_id = ${sql.raw(n)}.user_id
  AND p.key = ${sql.raw(n)}.type), (SELECT d.email FROM (VALUES ${DEFAULT_EMAIL_MODES}) d(key, email) WHERE d.key = ${sql.raw(n)}.type))`;

/** The member, with their language's formatter (each email is in the recipient's language). */
async function recipient(ctx: Ctx, userId: string): Promise<(Recipient & { say: Say }) | undefined> {
  const [row] = await queryRows<Recipient>(ctx.db, sql`
    SELECT ${rawColumns(users, RECIPIENT_KEYS)} FROM ${users} WHERE ${users.id} = ${userId} AND NOT ${users.disabled}`);
  return row && { ...row, say: sayIn(mailLocale(row.locale)) };
}

/**
 * An item the member has handled since it came, though it is still unread (an API client, or a device that never
 * opened the bell): they answered the referral or, as its sender, closed it; they commented on the post. Its email
 * would tell them of what they already did.
 */
const handledSince = (n: string) => sql.raw(`(
  (${n}.target_kind = 'referral' AND (
    EXISTS (SELECT 1 FROM referral_recipients rr WHERE rr.referral_id = ${n}.target_id AND rr.recipient_id = ${n}.user_id
      AND rr.responded_at >= ${n}.created_at)
    OR EXISTS (SELECT 1 FROM referrals r WHERE r.id = ${n}.target_id AND r.sender_id = ${n}.user_id AND r.status <> 'open'
      AND r.updated_at >= ${n}.created_at)))
  OR (${n}.post_id IS NOT NULL AND EXISTS (SELECT 1 FROM comments c WHERE c.post_id = ${n}.post_id AND c.author_id = ${n}.user_id
      AND c.created_at >= ${n}.created_at)))`);

/** Unread, not yet emailed, not since handled items of the member whose email mode is `mode` now, oldest first. */
async function pendingItems(ctx: Ctx, userId: string, mode: 'immediate' | 'daily', now: Date) {
  const ids = await queryRows<SqlRow<typeof notifications, 'id'>>(ctx.db, sql`
    SELECT n.id FROM notifications n
    WHERE n.user_id = ${userId} AND n.read_at IS NULL AND n.emailed_at IS NULL AND n.created_at <= ${now.toISOString()}
      AND ${emailModeOf('n')} = ${mode} AND NOT ${handledSince('n')}
    ORDER BY n.created_at LIMIT 100`);
  if (ids.length === 0) return [];
  // Items turned off in the app (but wanted by email) are read too.
  const rows = await q.byIds(ctx.db, ids.map((r) => r.id), { withHidden: true });
  return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

async function markEmailed(ctx: Ctx, ids: string[], now: Date): Promise<void> {
  await ctx.db.execute(sql`UPDATE notifications SET emailed_at = ${now.toISOString()} WHERE id = ANY(${sql.param(ids)}::uuid[])`);
}

async function unsubscribeParts(ctx: Ctx, userId: string, keys: PreferenceKey[]) {
  const links = [];
  for (const key of [...new Set(keys)]) {
    const token = await unsubscribeToken(ctx, userId, key);
    links.push({ key, page: `${ctx.config.publicUrl}/unsubscribe?token=${token}`, oneClick: `${ctx.config.publicUrl}/api/notifications/unsubscribe?token=${token}` });
  }
  return links;
}

/** The mail with its RFC 8058 headers (for the first type) and an unsubscribe line per type in the body. */
async function composeMail(ctx: Ctx, to: Recipient & { say: Say }, subject: string, lines: string[], keys: PreferenceKey[]): Promise<Mail> {
  const { say } = to;
  const links = await unsubscribeParts(ctx, to.id, keys);
  const footer = links.map((l) => say(T.stopEmails, { kind: say(PREFERENCE_MESSAGES[l.key]), link: l.page }));
  return {
    to: to.email,
    subject,
    text: [say(T.hello, { name: to.name }), '', ...lines, '', ...footer, '', say(T.signature)].join('\n'),
    headers: { 'List-Unsubscribe': `<${links[0].oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

function itemLines(ctx: Ctx, say: Say, rows: q.NotificationRow[]): string[] {
  return rows.map((row) => say(T.item, { sentence: notificationSentenceIn(say, row.item, row.place || undefined), link: `${ctx.config.publicUrl}${row.targetUrl}` }));
}

/** "Still unread 10 minutes later": one email with every such item of the member (several in the window, one email). */
export async function sendImmediate(ctx: Ctx, userId: string, now: Date): Promise<void> {
  const to = await recipient(ctx, userId);
  if (!to) return;
  const rows = await pendingItems(ctx, userId, 'immediate', now);
  if (rows.length === 0) return;
  const { say } = to;
  const subject = rows.length === 1
    ? say(T.oneSubject, { sentence: notificationSentenceIn(say, rows[0].item, rows[0].place || undefined) })
    : say(T.manySubject, { count: rows.length });
  const lines = [say(T.unseen, { count: rows.length }), ...itemLines(ctx, say, rows)];
  await ctx.mailer.send(await composeMail(ctx, to, subject, lines, rows.map((r) => r.type as NotificationType)));
  await markEmailed(ctx, rows.map((r) => r.id), now);
}

type MissedChat = SqlRow<typeof conversationParticipants, 'conversation_id'>
  & { sender_name: SqlValue<typeof users, 'name'>; unread: number /* count(*) */ };

/**
 * For members whose chat email is 'daily': each conversation with messages still unread that arrived since their last
 * digest, named by who wrote (never the text).
 */
async function missedChats(ctx: Ctx, userId: string, since: string | null, now: Date): Promise<MissedChat[]> {
  return queryRows<MissedChat>(ctx.db, sql`
    SELECT cp.conversation_id, s.name AS sender_name, x.unread
    FROM users me
    JOIN conversation_participants cp ON cp.user_id = me.id AND cp.unread_count > 0 AND NOT cp.hidden
    JOIN conversation_participants o ON o.conversation_id = cp.conversation_id AND o.user_id <> me.id
    JOIN users s ON s.id = o.user_id
    CROSS JOIN LATERAL (SELECT count(*)::int AS unread FROM messages m
      WHERE m.conversation_id = cp.conversation_id AND m.sender_id = o.user_id AND m.status <> 'read' AND m.kind = 'text'
        AND m.created_at > coalesce(${since}::timestamptz, '-infinity') AND m.created_at <= ${now.toISOString()}) x
    WHERE me.id = ${userId} AND x.unread > 0 AND ${chatEmailMode(sql`me.id`)} = 'daily'
    ORDER BY s.name LIMIT 50`);
}

const chatEmailMode = (userId: SQL) => sql`coalesce((SELECT p.email FROM notification_preferences p WHERE p.user_id = ${userId}
  AND p.key = 'chatMessage'), ${DEFAULT_PREFERENCES.chatMessage.email})`;

function chatLines(ctx: Ctx, say: Say, chats: MissedChat[]): string[] {
  return chats.map((c) => say(T.digestChat, { sender: c.sender_name, count: c.unread, link: `${ctx.config.publicUrl}/chat/${c.conversation_id}` }));
}

function digestSubject(say: Say, items: number, chats: number): string {
  return say(T.digestSubject, { parts: items && chats ? 'both' : items ? 'items' : 'chats', items, chats });
}

/** The daily digest of one member: every unread item of their 'daily' types, and missed chats if chat is daily, since the last. */
export async function sendDigest(ctx: Ctx, userId: string, now: Date): Promise<void> {
  // Marked first, whatever follows: a member who is due but gets nothing (disabled) would otherwise be due again at
  // once, and the sweep, which asks again while it gets full rounds, would never end (docs/decisions/0085).
  const [marked] = await queryRows<{ previous: SqlValue<typeof users, 'digest_at'> }>(ctx.db, sql`
    UPDATE users u SET digest_at = ${now.toISOString()} FROM users before WHERE u.id = ${userId} AND before.id = u.id
    RETURNING before.digest_at AS previous`);
  const to = await recipient(ctx, userId);
  if (!to) return;
  const rows = await pendingItems(ctx, userId, 'daily', now);
  const chats = await missedChats(ctx, userId, marked?.previous ?? null, now);
  if (rows.length === 0 && chats.length === 0) return;
  const { say } = to;
  const lines = [say(T.digestIntro), ...itemLines(ctx, say, rows), ...chatLines(ctx, say, chats)];
  const keys = [...rows.map((r) => r.type as NotificationType), ...(chats.length ? ['chatMessage' as const] : [])];
  await ctx.mailer.send(await composeMail(ctx, to, digestSubject(say, rows.length, chats.length), lines, keys));
  if (rows.length) await markEmailed(ctx, rows.map((r) => r.id), now);
}

/**
 * Members due a digest at `now`: 08:00 has passed in their time zone today and their last digest was before it, and
 * they have something unread and not emailed. At most `limit` per call (the sweep calls again).
 */
export async function membersDueDigest(ctx: Ctx, now: Date, limit: number): Promise<string[]> {
  const at = now.toISOString();
  // A member who never chose a zone gets theirs at 08:00 UTC.
  const zone = sql`coalesce(u.time_zone, ${DEFAULT_TIME_ZONE})`;
  const eight = sql`((date_trunc('day', ${at}::timestamptz AT TIME ZONE ${zone}) + make_interval(hours => ${DIGEST_HOUR}::int)) AT TIME ZONE ${zone})`;
  const rows = await queryRows<SqlRow<typeof users, 'id'>>(ctx.db, sql`
    SELECT u.id FROM users u
    WHERE (EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL AND n.emailed_at IS NULL)
        OR (EXISTS (SELECT 1 FROM conversation_participants cp WHERE cp.user_id = u.id AND cp.unread_count > 0)
          AND ${chatEmailMode(sql`u.id`)} = 'daily'))
      AND ${at}::timestamptz >= ${eight} AND (u.digest_at IS NULL OR u.digest_at < ${eight})
    LIMIT ${limit}`);
  return rows.map((r) => r.id);
}

/**
 * The chat email, if the message is still unread and the member wants it: names the sender, never the text. A message
 * the sender unsent does not count, unless a later one of theirs in the same window is still unread and stands.
 */
export async function sendChatEmail(ctx: Ctx, p: { recipientId: string; conversationId: string; messageId: string }): Promise<void> {
  const [row] = await queryRows<{ sender_name: SqlValue<typeof users, 'name'>; unread: boolean; mode: string /* computed */ }>(ctx.db, sql`
    SELECT s.name AS sender_name, EXISTS (SELECT 1 FROM messages x WHERE x.conversation_id = m.conversation_id
        AND x.sender_id = m.sender_id AND x.status <> 'read' AND x.unsent_at IS NULL AND x.created_at >= m.created_at) AS unread,
      ${chatEmailMode(sql`${p.recipientId}::uuid`)} AS mode
    FROM messages m JOIN users s ON s.id = m.sender_id
    JOIN conversation_participants cp ON cp.conversation_id = m.conversation_id AND cp.user_id = ${p.recipientId} AND cp.unread_count > 0
    WHERE m.id = ${p.messageId} AND m.conversation_id = ${p.conversationId}`);
  if (!row?.unread || row.mode !== 'immediate') return;
  const to = await recipient(ctx, p.recipientId);
  if (!to) return;
  const subject = to.say(T.chatSubject, { sender: row.sender_name });
  const lines = [`${subject}.`, to.say(T.chatReadIt, { link: `${ctx.config.publicUrl}/chat/${p.conversationId}` })];
  await ctx.mailer.send(await composeMail(ctx, to, subject, lines, ['chatMessage']));
}
