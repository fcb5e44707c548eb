// The notification centre's rules: list, count, read, preferences, mention suggestions, one-click unsubscribe.
import { sql } from 'drizzle-orm';
import { queryPrepared } from '../../db/prepared.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { users } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest } from '../../lib/errors.ts';
import { countsChanged } from '../../lib/notify.ts';
import { signLink, verifyLink } from '../../lib/signed-links.ts';
import {
  DEFAULT_PREFERENCES, NOTIFICATIONS_PAGE_SIZE, PREFERENCE_KEYS, UNSUBSCRIBE_TEXTS, type NotificationPreferences,
  type PreferenceKey, type ReadInput, type TypePreference, type UpdatePreferencesInput, type MentionSuggestions,
} from '../../../common/notifications.ts';
import * as q from './queries.ts';
import { firstPageCacheOf, unreadCacheOf } from './unread-cache.ts';
import { sayIn } from '../../lib/i18n.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../common/i18n/locales.ts';
import { PREFERENCE_MESSAGES } from '../../../common/i18n/notification-messages.ts';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'jobs' | 'config' | 'caches'>;

const BAD_CURSOR = 'before: must be a cursor from a previous page';

function decodeCursor(before: string | undefined): q.Cursor | null {
  if (!before) return null;
  const [at, id] = Buffer.from(before, 'base64url').toString('utf8').split('|');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  if (!at || !id || !uuid.test(id) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) || Number.isNaN(Date.parse(at))) {
    throw badRequest(BAD_CURSOR);
  }
  return { at, id };
}
const encodeCursor = (row: q.PageRow) => Buffer.from(`${row.cursor_at}|${row.id}`).toString('base64url');

/**
 * A page as the API's JSON text (NotificationsPage): the items as PostgreSQL wrote them, joined; a cursor is base64url,
 * which needs no escaping.
 */
export async function listNotifications(ctx: Ctx, user: CurrentUser, { before, limit }: { before?: string; limit: number }): Promise<string> {
  const cursor = decodeCursor(before);
  const load = async () => {
    const rows = await q.listPage(ctx.db, user.id, limit, cursor);
    const shown = rows.slice(0, limit);
    const next = rows.length > limit ? `"${encodeCursor(shown[shown.length - 1])}"` : 'null';
    return `{"notifications":[${shown.map((row) => row.item).join(',')}],"nextCursor":${next}}`;
  };
  // The bell's first page is what members open again and again: remembered until the fan-out names them.
  if (cursor || limit !== NOTIFICATIONS_PAGE_SIZE) return load();
  return firstPageCacheOf(ctx).read(user.id, async () => ({ value: await load() }));
}

export async function unreadCount(ctx: Ctx, user: CurrentUser): Promise<{ count: number }> {
  return { count: await unreadCacheOf(ctx).read(user.id, async () => ({ value: await q.unreadCount(ctx.db, user.id) })) };
}

/** Marks read; the member's other devices hear the new count. Answers the unread count after. */
export async function markRead(ctx: Ctx, user: CurrentUser, input: ReadInput): Promise<{ count: number }> {
  const changed = 'about' in input
    ? await q.markReadAbout(ctx.db, user.id, input.about)
    : await q.markRead(ctx.db, user.id, 'all' in input ? 'all' : [...new Set(input.ids)]) > 0;
  if (changed) countsChanged(ctx, [user.id]);
  return unreadCount(ctx, user);
}

/** One round trip: the member's saved choices and time zone (read once per browser session, and by the settings). */
export async function getPreferences(ctx: Pick<AppContext, 'db'>, user: Pick<CurrentUser, 'id'>): Promise<NotificationPreferences> {
  type Saved = { key: string; in_app: boolean; email: TypePreference['email']; push: boolean | null };
  const [me] = await queryPrepared<SqlRow<typeof users, 'time_zone'> & { saved: Saved[] /* json_agg */ }>(ctx.db, sql`
    SELECT u.time_zone, coalesce(json_agg(json_build_object('key', p.key, 'in_app', p.in_app, 'email', p.email, 'push', p.push))
      FILTER (WHERE p.key IS NOT NULL), '[]'::json) AS saved
    FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id WHERE u.id = ${user.id} GROUP BY u.id`);
  const types = { ...DEFAULT_PREFERENCES };
  for (const r of me?.saved ?? []) {
    if (!(PREFERENCE_KEYS as readonly string[]).includes(r.key)) continue;
    const key = r.key as PreferenceKey;
    types[key] = { inApp: r.in_app, email: r.email, push: r.push ?? DEFAULT_PREFERENCES[key].push };
  }
  return { types, timeZone: me?.time_zone ?? null };
}

export async function updatePreferences(ctx: Ctx, user: CurrentUser, input: UpdatePreferencesInput): Promise<NotificationPreferences> {
  const entries = Object.entries(input.types ?? {}) as [PreferenceKey, Omit<TypePreference, 'push'> & { push?: boolean }][];
  await ctx.db.transaction(async (tx) => {
    if (entries.length) {
      // A push left out (a client from before the channel) keeps what was saved, or stays the default (null).
      await tx.execute(sql`INSERT INTO notification_preferences AS np (user_id, key, in_app, email, push)
        SELECT ${user.id}::uuid, k, i, e, p FROM unnest(${sql.param(entries.map(([k]) => k))}::text[],
          ${sql.param(entries.map(([, v]) => v.inApp))}::boolean[], ${sql.param(entries.map(([, v]) => v.email))}::text[],
          ${sql.param(entries.map(([, v]) => v.push ?? null))}::boolean[]) AS x(k, i, e, p)
        ON CONFLICT (user_id, key) DO UPDATE SET in_app = EXCLUDED.in_app, email = EXCLUDED.email, push = coalesce(EXCLUDED.push, np.push)`);
    }
    if (input.timeZone !== undefined) await tx.execute(sql`UPDATE users SET time_zone = ${input.timeZone} WHERE id = ${user.id}`);
  });
  return getPreferences(ctx, user);
}

export async function mentionSuggestions(ctx: Ctx, user: CurrentUser, { q: text, limit }: { q: string; limit: number }): Promise<MentionSuggestions> {
  const prefix = text.replace(/^@/, '').trim();
  if (!prefix) return { users: [] };
  const rows = await q.mentionCandidates(ctx.db, user.id, prefix, limit);
  return { users: rows.map((r) => ({ _id: r.id, name: r.name, avatar: r.avatar })) };
}

const UNSUBSCRIBE = 'unsubscribe';

/** The kind of email a link turns off, named in the page's language (the page is the web app's, its label is ours). */
const labelIn = (key: PreferenceKey, locale: Locale = DEFAULT_LOCALE) => sayIn(locale)(PREFERENCE_MESSAGES[key]);

/** The one-click unsubscribe token of one member and one type. */
export const unsubscribeToken = (ctx: Pick<AppContext, 'db' | 'config'>, userId: string, key: PreferenceKey) =>
  signLink(ctx.db, ctx.config.appSecret, UNSUBSCRIBE, [userId, key]);

async function readToken(ctx: Pick<AppContext, 'db' | 'config'>, token: string): Promise<{ userId: string; key: PreferenceKey }> {
  const parts = await verifyLink(ctx.db, ctx.config.appSecret, UNSUBSCRIBE, token, 2);
  if (!parts || !(PREFERENCE_KEYS as readonly string[]).includes(parts[1])) throw badRequest(UNSUBSCRIBE_TEXTS.badLink);
  return { userId: parts[0], key: parts[1] as PreferenceKey };
}

/** What a link would turn off (the page asks before doing it): nothing changes on GET. */
export async function describeUnsubscribe(ctx: Ctx, _visitor: CurrentUser | null, { token, locale }: { token: string; locale?: Locale }) {
  const { key } = await readToken(ctx, token);
  return { type: key, label: labelIn(key, locale) };
}

/** Turns off exactly that type's email for that member, without a session (RFC 8058 one-click). */
export async function unsubscribe(ctx: Ctx, _visitor: CurrentUser | null, { token, locale }: { token: string; locale?: Locale }) {
  const { userId, key } = await readToken(ctx, token);
  const current = (await getPreferences(ctx, { id: userId })).types[key];
  await ctx.db.execute(sql`INSERT INTO notification_preferences (user_id, key, in_app, email)
    SELECT ${userId}::uuid, ${key}, ${current.inApp}, 'off' WHERE EXISTS (SELECT 1 FROM users WHERE id = ${userId})
    ON CONFLICT (user_id, key) DO UPDATE SET email = 'off'`);
  return { type: key, label: labelIn(key, locale) };
}
