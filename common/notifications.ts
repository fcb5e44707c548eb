// Notifications: the REST shapes, the socket events and the per-type preferences, shared by the server
// and the web app. Mentions have their own module (common/mentions.ts).
import { z } from 'zod';
import { IdSchema } from './ids.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;
const NOTIFICATIONS_MAX_PAGE_SIZE = 50;
/** POST /api/notifications/read `{ids}` takes at most this many. */
const READ_IDS_MAX = 100;
const MENTION_QUERY_MAX = 100;
const MENTION_SUGGESTIONS_DEFAULT = 8;
const MENTION_SUGGESTIONS_MAX = 20;
/** A notification emailed "immediately" waits this long, unread, before its email goes. */
export const EMAIL_DELAY_MINUTES = 10;
/** The daily digest leaves at this hour in the member's time zone. */
export const DIGEST_HOUR = 8;
export const DEFAULT_TIME_ZONE = 'UTC';

/** Every kind of notification, in the order of the settings matrix. */
const NOTIFICATION_TYPES = [
  'postReply', 'commentReply', 'mention', 'followedThreadComment', 'postLike', 'commentLike',
  'licenceVerified', 'licenceDeclined', 'resourceApproved', 'resourceDeclined',
  'referralReceived', 'referralAnswered', 'referralOffer', 'referralPlaced', 'referralExpiring',
  'groupInvitation', 'groupJoinRequest', 'groupMeetingSoon',
  'referralOutcome', 'referralOutcomeDue',
  // Group practices (docs/decisions/0245): a referral in the practice's inbox, one assigned to me, mine assigned.
  'practiceReferralReceived', 'practiceReferralAssigned', 'referralAssigned',
  // An invitation to join a practice (to the invitee).
  'practiceInvitation',
] as const;
export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

/**
 * What a preference can be set for: every notification type, plus `chatMessage`, which has no in-app item (chat
 * shows its own unread count) but has an email ("Amara Okafor sent you a message on Thera Root").
 */
export const PREFERENCE_KEYS = [...NOTIFICATION_TYPES, 'chatMessage'] as const;
export const PreferenceKey = z.enum(PREFERENCE_KEYS);
export type PreferenceKey = z.infer<typeof PreferenceKey>;
/** Keys whose in-app switch means nothing (the settings matrix shows no in-app control for them). */
export const EMAIL_ONLY_KEYS: readonly PreferenceKey[] = ['chatMessage'];

export const EMAIL_MODES = ['off', 'immediate', 'daily'] as const;
export const EmailMode = z.enum(EMAIL_MODES);
export type EmailMode = z.infer<typeof EmailMode>;

// The settings matrix's labels are catalogue messages: PREFERENCE_MESSAGES in common/i18n/notification-messages.ts.

/** `push`: to the member's devices that allowed it (docs/decisions/0205-web-push.md). */
export const TypePreference = z.object({ inApp: z.boolean(), email: EmailMode, push: z.boolean() });
export type TypePreference = z.infer<typeof TypePreference>;
/** As PUT takes it: a client from before the push channel leaves `push` out, and it stays as it was. */
const TypePreferenceInput = TypePreference.extend({ push: z.boolean().optional() });

const on = (email: EmailMode, push = false): TypePreference => ({ inApp: true, email, push });
/**
 * A member who never changed a setting gets these. Pushes are on for what asks for an answer soon (chat messages,
 * mentions, referrals sent to the member and their outcome), off for the rest (likes, the board, the forums' traffic).
 */
export const DEFAULT_PREFERENCES: Record<PreferenceKey, TypePreference> = {
  postReply: on('immediate'), commentReply: on('immediate'), mention: on('immediate', true),
  followedThreadComment: on('daily'), postLike: on('off'), commentLike: on('off'),
  // The licence decision already sends its own email (admin feature): no second one by default.
  licenceVerified: on('off'), licenceDeclined: on('off'),
  resourceApproved: on('immediate'), resourceDeclined: on('immediate'),
  referralReceived: on('immediate', true), referralAnswered: on('immediate', true), referralOffer: on('daily'),
  referralPlaced: on('immediate', true), referralExpiring: on('immediate', true),
  // A meeting reminder is sent a day and an hour before: the hour's one is only useful pushed or emailed at once.
  groupInvitation: on('immediate', true), groupJoinRequest: on('immediate', true), groupMeetingSoon: on('immediate', true),
  referralOutcome: on('immediate', true), referralOutcomeDue: on('immediate'),
  practiceReferralReceived: on('immediate', true), practiceReferralAssigned: on('immediate', true), referralAssigned: on('immediate', true),
  practiceInvitation: on('immediate', true),
  chatMessage: on('immediate', true),
};

/** An IANA time-zone name that this server's Intl knows ('Europe/Paris', 'UTC'); offsets such as '+01:00' are refused. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
const TimeZone = z.string().max(64, 'must be at most 64 characters')
  .refine(isTimeZone, { message: 'must be a time zone name such as Europe/London' });

/** GET /api/notifications/preferences: every key, filled with the defaults where the member set nothing. */
export const NotificationPreferences = z.object({
  types: z.record(PreferenceKey, TypePreference),
  /** Null until the member (or their browser, on first use) chooses one; the digest then goes at 08:00 UTC. */
  timeZone: z.string().nullable(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/**
 * PUT /api/notifications/preferences: any subset of the keys and/or the time zone; answers the whole preferences.
 * What GET answers is taken back as it is: a null time zone clears the choice (the digest goes at 08:00 UTC again).
 */
export const UpdatePreferencesBody = z.object({
  types: z.partialRecord(PreferenceKey, TypePreferenceInput).optional(),
  timeZone: TimeZone.nullable().optional(),
}).strict();
export type UpdatePreferencesInput = z.infer<typeof UpdatePreferencesBody>;

export const TARGET_KINDS = ['post', 'comment', 'licence', 'resource', 'referral', 'group', 'conversation', 'practice'] as const;
const NotificationTarget = z.object({
  kind: z.enum(TARGET_KINDS),
  _id: z.string(),
  /** The post's title, the resource's title, the referral's summary; never the text of a post or comment. */
  title: z.string(),
  /** A path inside the web app, such as /forums/posts/<id>. */
  url: z.string(),
});
type NotificationTarget = z.infer<typeof NotificationTarget>;

export const NotificationActor = z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable() });
export type NotificationActor = z.infer<typeof NotificationActor>;

/**
 * One item. Likes are grouped: one item per liked post or comment, `actors` the latest few (newest first) and
 * `count` how many people in all ("Amara Okafor and 3 others liked your post" is actors[0] and count - 1).
 */
export const NotificationItem = z.object({
  _id: z.string(),
  type: NotificationType,
  actors: z.array(NotificationActor),
  count: z.number(),
  target: NotificationTarget,
  /** What the sentence names beyond the type: a referral's answer ('accepted', 'declined', 'no capacity'); else null. */
  detail: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

/** GET /api/notifications?before=&limit=: newest first; `nextCursor` goes back as `before`. */
export const NotificationsQuery = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1')
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, `must be at most ${NOTIFICATIONS_MAX_PAGE_SIZE}`).default(NOTIFICATIONS_PAGE_SIZE),
});
export const NotificationsPage = z.object({ notifications: z.array(NotificationItem), nextCursor: z.string().nullable() });
export type NotificationsPage = z.infer<typeof NotificationsPage>;

/** GET /api/notifications/unread-count, GET /api/conversations/unread-count, and the answer of POST .../read. */
export const UnreadCount = z.object({ count: z.number() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** POST /api/notifications/read: the listed ids (the caller's own; others are ignored) or all of them. */
export const ReadBody = z.union([
  z.object({ ids: z.array(IdSchema).min(1, 'must list at least one notification').max(READ_IDS_MAX, `must list at most ${READ_IDS_MAX} notifications`) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
  // Opening what the items point to (a post with its comments, a referral) reads every item about it.
  z.object({ about: z.object({ kind: z.enum(['post', 'referral']), id: IdSchema }).strict() }).strict(),
]);
export type ReadInput = z.infer<typeof ReadBody>;
export type ReadAbout = Extract<ReadInput, { about: unknown }>['about'];

/** GET /api/users/mentions?q=&limit=: verified members whose name (or a word of it) starts with q, by name. */
export const MentionQuery = z.object({
  q: z.string().trim().max(MENTION_QUERY_MAX, `must be at most ${MENTION_QUERY_MAX} characters`).default(''),
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1')
    .max(MENTION_SUGGESTIONS_MAX, `must be at most ${MENTION_SUGGESTIONS_MAX}`).default(MENTION_SUGGESTIONS_DEFAULT),
});
export const MentionSuggestion = z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable() });
export type MentionSuggestion = z.infer<typeof MentionSuggestion>;
export const MentionSuggestions = z.object({ users: z.array(MentionSuggestion) });
export type MentionSuggestions = z.infer<typeof MentionSuggestions>;

/** PUT and DELETE /api/forumPosts/{id}/follow. */
export const FollowState = z.object({ following: z.boolean() });
export type FollowState = z.infer<typeof FollowState>;

/** GET /unsubscribe?token= (a page that asks) and POST /api/notifications/unsubscribe (RFC 8058 one-click, no session). */
export const UnsubscribeQuery = z.object({ token: z.string().min(1, 'is required').max(500, 'must be at most 500 characters') });
export const UNSUBSCRIBE_TEXTS = {
  done: 'You will no longer get these emails.',
  badLink: 'This unsubscribe link is not valid.',
} as const;

// ---- socket.io: sent to the room `user:<id>` on every node ----

/** `notification`: a new item, or a grouped one that changed (same `_id`, moved to the top), with the new unread count. */
export const NotificationEvent = z.object({ notification: NotificationItem, unreadCount: z.number() });
export type NotificationEvent = z.infer<typeof NotificationEvent>;
/** `notificationCount`: the unread count changed without a new item (read on another device, or withdrawn). */
export const NotificationCountEvent = z.object({ unreadCount: z.number() });
export type NotificationCountEvent = z.infer<typeof NotificationCountEvent>;
/** `chatUnreadCount`: how many conversations have unread messages for this member, after every change. */
export const ChatUnreadCountEvent = z.object({ count: z.number() });
export type ChatUnreadCountEvent = z.infer<typeof ChatUnreadCountEvent>;

export interface NotificationServerEvents {
  notification: (event: NotificationEvent) => void;
  notificationCount: (event: NotificationCountEvent) => void;
  chatUnreadCount: (event: ChatUnreadCountEvent) => void;
}
