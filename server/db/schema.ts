import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, boolean, check, customType, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/**
 * A foreign key named as PostgreSQL names one declared on its column (`<table>_<column>_fkey`), as the hand-written
 * migrations declared theirs; drizzle-kit's default name (`..._fk`) would not be the database's.
 */
function fkey(table: string, column: AnyPgColumn, target: AnyPgColumn, onDelete: 'cascade' | 'set null') {
  return foreignKey({ name: `${table}_${column.name}_fkey`, columns: [column], foreignColumns: [target] }).onDelete(onDelete);
}

export const users = pgTable('users', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull().default('user'),
  avatar: text('avatar'),
  location: text('location').notNull().default(''),
  profession: text('profession').notNull().default(''),
  education: text('education').notNull().default(''),
  pronouns: text('pronouns').notNull().default(''),
  bio: text('bio').notNull().default(''),
  specialties: textList('specialties'),
  modalities: textList('modalities'),
  demographics: textList('demographics'),
  gender: textList('gender'),
  sessionFormat: textList('session_format'),
  licenceNumber: text('licence_number').notNull().default(''),
  licensingBody: text('licensing_body').notNull().default(''),
  licenceRegion: text('licence_region').notNull().default(''),
  licenceCountry: text('licence_country').notNull().default(''),
  verificationStatus: text('verification_status').notNull().default('pending'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  rejectionReason: text('rejection_reason'),
  // Migration 0082: a verified member's name change waiting for an administrator.
  pendingName: text('pending_name'),
  pendingNameAt: timestamp('pending_name_at', { withTimezone: true }),
  disabled: boolean('disabled').notNull().default(false),
  // "Who can message me" (migration 0081): 'everyone' or 'network' (only the members in this user's favourites).
  messagePolicy: text('message_policy').notNull().default('everyone'),
  // Migration 0122: "Show me in the directory" (and in featured therapists and referral suggestions).
  listedInDirectory: boolean('listed_in_directory').notNull().default(true),
  // Referral availability (migration 0090).
  acceptingClients: text('accepting_clients').notNull().default('not accepting'),
  availabilityNote: text('availability_note').notNull().default(''),
  availabilityUpdatedAt: timestamp('availability_updated_at', { withTimezone: true }),
  languages: textList('languages'),
  feeModels: textList('fee_models'),
  insurers: textList('insurers'),
  licensedRegions: textList('licensed_regions'),
  website: text('website').notNull().default(''),
  // Migration 0206: the fee per session, in cents of its currency; both or neither.
  sessionFeeCents: integer('session_fee_cents'),
  sessionFeeCurrency: text('session_fee_currency'),
  // Migration 0091: the province or state the location's text names (region_of_location), for the region filter.
  locationRegion: text('location_region').generatedAlwaysAs(sql`region_of_location(location)`),
  // Migration 0115: a deleted account keeps its row, erased; licence expiry (NULL: unknown), its last reminder, its lapse.
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  licenceExpiresOn: date('licence_expires_on', { mode: 'string' }),
  licenceExpiryNotice: integer('licence_expiry_notice'),
  licenceLapsedAt: timestamp('licence_lapsed_at', { withTimezone: true }),
  // Notifications (migration 0101): the daily digest's time zone (IANA) and when the last digest went.
  timeZone: text('time_zone'),
  digestAt: timestamp('digest_at', { withTimezone: true }),
  // Migration 0140: when the member dismissed the dashboard's onboarding checklist.
  onboardingDismissedAt: timestamp('onboarding_dismissed_at', { withTimezone: true }),
  // Migration 0205: when the dashboard first greeted the member (NULL: "Welcome", not yet "Welcome back").
  welcomedAt: timestamp('welcomed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  index('users_directory_idx').on(t.verificationStatus, t.disabled, t.name, t.id),
  index('users_specialties_gin').using('gin', t.specialties).with({ fastupdate: 'off' }),
  index('users_modalities_gin').using('gin', t.modalities).with({ fastupdate: 'off' }),
  index('users_demographics_gin').using('gin', t.demographics).with({ fastupdate: 'off' }),
  index('users_session_format_gin').using('gin', t.sessionFormat).with({ fastupdate: 'off' }),
  index('users_location_trgm').using('gin', sql`lower(${t.location}) gin_trgm_ops`).with({ fastupdate: 'off' }),
  index('users_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with({ fastupdate: 'off' }),
  index('users_pending_idx').on(t.verificationStatus, t.createdAt),
  check('users_message_policy_check', sql`${t.messagePolicy} IN ('everyone', 'network')`),
  check('users_accepting_clients_check', sql`${t.acceptingClients} IN ('accepting', 'waitlist', 'not accepting')`),
  check('users_session_fee_check', sql`(${t.sessionFeeCents} IS NULL) = (${t.sessionFeeCurrency} IS NULL)
  AND (${t.sessionFeeCents} IS NULL OR ${t.sessionFeeCents} BETWEEN 1 AND 200000)
  AND (${t.sessionFeeCurrency} IS NULL OR ${t.sessionFeeCurrency} IN ('CAD', 'USD'))`),
  index('users_languages_gin').using('gin', t.languages).with({ fastupdate: 'off' }),
  index('users_licensed_regions_gin').using('gin', t.licensedRegions).with({ fastupdate: 'off' }),
  index('users_fee_models_gin').using('gin', t.feeModels).with({ fastupdate: 'off' }),
  index('users_accepting_clients_idx').on(t.acceptingClients),
  index('users_location_region_idx').on(t.locationRegion).where(sql`${t.locationRegion} IS NOT NULL`),
  index('users_licence_expiry_idx').on(t.licenceExpiresOn, t.id)
    .where(sql`${t.verificationStatus} = 'verified' AND ${t.licenceExpiresOn} IS NOT NULL`),
  index('users_pending_name_idx').on(t.pendingNameAt, t.id).where(sql`${t.pendingName} IS NOT NULL`),
  // Migration 0010: the GIN indexes above skip the pending list (fastupdate off); two partial indexes over the
  // therapists the directory lists: featured (newest verified first) and the unfiltered name order.
  index('users_listed_verified_idx').on(t.verifiedAt.desc().nullsLast(), t.id.desc().nullsFirst())
    .where(sql`${t.verificationStatus} = 'verified' AND NOT ${t.disabled} AND ${t.role} <> 'admin'`),
  index('users_listed_name_idx').on(t.name, t.id)
    .where(sql`${t.verificationStatus} = 'verified' AND NOT ${t.disabled} AND ${t.role} <> 'admin'`),
]);

export const sessions = pgTable('sessions', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  // Migration 0110: shown in the member's sessions list; ip is stored with its last part already hidden.
  userAgent: text('user_agent'),
  ip: text('ip'),
}, (t) => [
  uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId),
  index('sessions_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
]);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('password_reset_tokens_user_idx').on(t.userId)]);

export const verificationDecisions = pgTable('verification_decisions', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  approved: boolean('approved').notNull(),
  reason: text('reason'),
  createdAt: createdAt(),
}, (t) => [index('verification_decisions_user_idx').on(t.userId, t.createdAt)]);

export const favorites = pgTable('favorites', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  favoriteId: uuid('favorite_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.favoriteId] }), index('favorites_favorite_idx').on(t.favoriteId)]);

export const communities = pgTable('communities', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  specialties: textList('specialties'),
  modalities: textList('modalities'),
  demographics: textList('demographics'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  postsCount: integer('posts_count').notNull().default(0),
  membersCount: integer('members_count').notNull().default(0),
  lastPostAt: timestamp('last_post_at', { withTimezone: true }),
  createdAt: createdAt(),
  search: tsvector('search').generatedAlwaysAs(
    sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
  ),
}, (t) => [
  uniqueIndex('communities_name_lower_idx').on(sql`lower(${t.name})`),
  index('communities_created_idx').on(t.createdAt, t.id),
  index('communities_created_by_idx').on(t.createdBy),
  index('communities_search_gin').using('gin', t.search).with({ fastupdate: 'off' }),
]);

export const communityMembers = pgTable('community_members', {
  communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.communityId, t.userId] }), index('community_members_user_idx').on(t.userId, t.joinedAt)]);

export const posts = pgTable('posts', {
  id: id(),
  communityId: uuid('community_id').references(() => communities.id, { onDelete: 'cascade' }),
  authorId: uuid('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  content: text('content').notNull(),
  likesCount: integer('likes_count').notNull().default(0),
  commentsCount: integer('comments_count').notNull().default(0),
  createdAt: createdAt(),
  /** Set when a moderator removed it (its title and text are then the tombstone). */
  removedAt: timestamp('removed_at', { withTimezone: true }),
  /** Set by each edit of the title or text (migration 0130). */
  editedAt: timestamp('edited_at', { withTimezone: true }),
  search: tsvector('search').generatedAlwaysAs(
    sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B')`,
  ),
}, (t) => [
  index('posts_created_idx').on(t.createdAt.desc(), t.id.desc()),
  index('posts_community_created_idx').on(t.communityId, t.createdAt.desc(), t.id.desc()),
  index('posts_author_idx').on(t.authorId),
  index('posts_search_gin').using('gin', t.search).with({ fastupdate: 'off' }),
  // Sorted lists (migration 0132): Top by likes, Unanswered among posts without comments.
  index('posts_top_idx').on(t.likesCount.desc(), t.id.desc()),
  index('posts_community_top_idx').on(t.communityId, t.likesCount.desc(), t.id.desc()),
  index('posts_unanswered_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.commentsCount} = 0`),
  index('posts_community_unanswered_idx').on(t.communityId, t.createdAt.desc(), t.id.desc()).where(sql`${t.commentsCount} = 0`),
]);

export const postLikes = pgTable('post_likes', {
  postId: uuid('post_id').notNull().references(() => posts.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId, t.postId)]);

export const comments = pgTable('comments', {
  id: id(),
  postId: uuid('post_id').notNull().references(() => posts.id, { onDelete: 'cascade' }),
  authorId: uuid('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  parentId: uuid('parent_id'),
  content: text('content').notNull(),
  deleted: boolean('deleted').notNull().default(false),
  createdAt: createdAt(),
  /** Set by each edit of the text (migration 0130). */
  editedAt: timestamp('edited_at', { withTimezone: true }),
}, (t) => [
  foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'comments_parent_fk' }).onDelete('cascade'),
  index('comments_post_created_idx').on(t.postId, t.createdAt, t.id),
  index('comments_parent_idx').on(t.parentId),
  index('comments_created_idx').on(t.createdAt.desc(), t.id.desc()),
  index('comments_author_idx').on(t.authorId),
]);

export const commentLikes = pgTable('comment_likes', {
  commentId: uuid('comment_id').notNull().references(() => comments.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  // The comment's post, so a reader's likes in one thread are one index range (migration 0050).
  postId: uuid('post_id').notNull().references(() => posts.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_post_idx').on(t.userId, t.postId)]);

export const resources = pgTable('resources', {
  id: id(),
  title: text('title').notNull(),
  link: text('link').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  isApproved: boolean('is_approved').notNull().default(false),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  createdAt: createdAt(),
  search: tsvector('search').generatedAlwaysAs(
    sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
  ),
}, (t) => [
  index('resources_approved_created_idx').on(t.isApproved, t.createdAt.desc(), t.id.desc()),
  index('resources_category_idx').on(t.isApproved, t.category, t.createdAt.desc()),
  index('resources_created_by_idx').on(t.createdBy),
  index('resources_search_gin').using('gin', t.search).with({ fastupdate: 'off' }),
  // Publication order (migration 0030): the public list, its category filter and the activity feed.
  index('resources_published_idx').on(t.approvedAt.desc(), t.id.desc()).where(sql`${t.isApproved}`),
  index('resources_published_category_idx').on(t.category, t.approvedAt.desc(), t.id.desc()).where(sql`${t.isApproved}`),
]);

export const conversations = pgTable('conversations', {
  id: id(),
  // "smallerId:largerId" keeps one conversation per pair, even under concurrent creation.
  pairKey: text('pair_key').notNull(),
  pinnedMessageId: uuid('pinned_message_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
  lastMessageId: uuid('last_message_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('conversations_pair_idx').on(t.pairKey)]);

export const conversationParticipants = pgTable('conversation_participants', {
  conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  unreadCount: integer('unread_count').notNull().default(0),
  isPinned: boolean('is_pinned').notNull().default(false),
  lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  // Migration 0120: "delete" removes the conversation for this participant only (hidden) and clears their history.
  hidden: boolean('hidden').notNull().default(false),
  clearedAt: timestamp('cleared_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_participants_user_idx').on(t.userId)]);

export const messages = pgTable('messages', {
  id: id(),
  conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
  senderId: uuid('sender_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  status: text('status').notNull().default('sent'),
  createdAt: createdAt(),
  /** Set when a moderator removed it (its text is then the tombstone). */
  removedAt: timestamp('removed_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  readAt: timestamp('read_at', { withTimezone: true }),
  /** 'system' for a line the app wrote (migration 0095: a referral accepted), 'text' for a person's message. */
  kind: text('kind').notNull().default('text'),
  /** Migration 0135: the sender edited it (within 15 minutes of sending). */
  editedAt: timestamp('edited_at', { withTimezone: true }),
  /** Migration 0135: the sender unsent it; its text is then the tombstone. */
  unsentAt: timestamp('unsent_at', { withTimezone: true }),
  /** The sending client's own id for the message (migration 0145): a retried send finds the first one, never a second row. */
  clientMessageId: text('client_message_id'),
}, (t) => [
  index('messages_conversation_created_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
  // Chat (migration 0040): delivered/read updates touch only messages not yet read.
  index('messages_unread_idx').on(t.conversationId, t.senderId).where(sql`${t.status} <> 'read'`),
  check('messages_status_check', sql`${t.status} IN ('sent', 'delivered', 'read')`),
  check('messages_text_length_check', sql`char_length(${t.text}) BETWEEN 1 AND 4000`),
  check('messages_kind_check', sql`${t.kind} IN ('text', 'system')`),
  // Search in a conversation (migration 0135): trigrams of what still stands.
  index('messages_text_trgm').using('gin', sql`lower(${t.text}) gin_trgm_ops`)
    .where(sql`${t.unsentAt} IS NULL AND ${t.removedAt} IS NULL AND ${t.kind} = 'text'`),
  uniqueIndex('messages_sender_client_id_idx').on(t.senderId, t.clientMessageId).where(sql`${t.clientMessageId} IS NOT NULL`),
  check('messages_client_message_id_check', sql`char_length(${t.clientMessageId}) BETWEEN 1 AND 64`),
]);

export const auditLog = pgTable('audit_log', {
  id: id(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id'),
  detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
}, (t) => [index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()), index('audit_log_target_idx').on(t.targetType, t.targetId)]);

/** Messages a user sent in the current 10-second window: the chat's send limit, counted where messages are stored. */
export const chatSendCounts = pgTable('chat_send_counts', {
  userId: uuid('user_id').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
}, (t) => [fkey('chat_send_counts', t.userId, users.id, 'cascade')]);

/** Reports of content to the moderators (migration 0080): one open report per reporter and item; an item's reports resolve together. */
export const reports = pgTable('reports', {
  id: id(),
  reporterId: uuid('reporter_id').notNull(),
  targetType: text('target_type').notNull(),
  targetId: uuid('target_id').notNull(),
  targetAuthorId: uuid('target_author_id'),
  reason: text('reason').notNull(),
  details: text('details').notNull().default(''),
  status: text('status').notNull().default('open'),
  resolution: text('resolution'),
  note: text('note'),
  resolvedBy: uuid('resolved_by'),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('reports_one_open_idx').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
  index('reports_open_item_idx').on(t.targetType, t.targetId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} = 'open'`),
  index('reports_open_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} = 'open'`),
  index('reports_reporter_idx').on(t.reporterId, t.id),
  index('reports_resolved_idx').on(t.resolvedAt.desc().nullsFirst(), t.targetType, t.targetId).where(sql`${t.status} = 'resolved'`),
  check('reports_target_type_check', sql`${t.targetType} IN ('post', 'comment', 'resource', 'profile', 'message')`),
  check('reports_reason_check', sql`${t.reason} IN ('spam', 'harassment', 'misinformation', 'client privacy', 'impersonation or unlicensed', 'other')`),
  check('reports_details_length_check', sql`char_length(${t.details}) <= 1000`),
  check('reports_note_length_check', sql`${t.note} IS NULL OR char_length(${t.note}) <= 1000`),
  check('reports_status_check', sql`${t.status} IN ('open', 'resolved')`),
  check('reports_resolution_check', sql`${t.resolution} IS NULL OR ${t.resolution} IN ('dismiss', 'remove', 'warn', 'suspend')`),
  fkey('reports', t.reporterId, users.id, 'cascade'), fkey('reports', t.targetAuthorId, users.id, 'set null'), fkey('reports', t.resolvedBy, users.id, 'set null'),
]);

/** A member blocked another (migration 0081): private to the blocker; see server/lib/blocks.ts. */
export const blocks = pgTable('blocks', {
  blockerId: uuid('blocker_id').notNull(),
  blockedId: uuid('blocked_id').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ name: 'blocks_pkey', columns: [t.blockerId, t.blockedId] }),
  index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  index('blocks_blocker_created_idx').on(t.blockerId, t.createdAt.desc().nullsFirst()),
  check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  fkey('blocks', t.blockerId, users.id, 'cascade'), fkey('blocks', t.blockedId, users.id, 'cascade'),
]);

/** TOTP two-factor sign-in (migration 0111): the secret encrypted at rest; enabled once the first code was right. */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id').primaryKey(),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  // The time step of the last accepted code: a code is refused unless its step is later (no replay).
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
}, (t) => [fkey('two_factor', t.userId, users.id, 'cascade')]);

export const recoveryCodes = pgTable('recovery_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('recovery_codes_user_idx').on(t.userId), fkey('recovery_codes', t.userId, users.id, 'cascade')]);

/** The second step of a sign-in with two-factor on: not a session (migration 0111). */
export const mfaChallenges = pgTable('mfa_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('mfa_challenges_user_idx').on(t.userId), index('mfa_challenges_expires_idx').on(t.expiresAt), fkey('mfa_challenges', t.userId, users.id, 'cascade')]);

/** A change of email waiting for the link sent to the new address (migration 0112). */
export const emailChangeTokens = pgTable('email_change_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  newEmail: text('new_email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('email_change_tokens_user_idx').on(t.userId), fkey('email_change_tokens', t.userId, users.id, 'cascade')]);


/** A de-identified referral request (migration 0095); an open one past expires_at reads as expired. */
export const referrals = pgTable('referrals', {
  id: id(),
  senderId: uuid('sender_id').notNull(),
  ageGroup: text('age_group').notNull(),
  concerns: text('concerns').array().notNull(),
  modalities: textList('modalities'),
  sessionFormats: text('session_formats').array().notNull(),
  region: text('region').notNull(),
  languages: textList('languages'),
  feeModels: textList('fee_models'),
  urgency: text('urgency').notNull().default('routine'),
  neededBy: date('needed_by', { mode: 'string' }),
  note: text('note').notNull().default(''),
  toBoard: boolean('to_board').notNull().default(false),
  status: text('status').notNull().default('open'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('referrals_sender_created_idx').on(t.senderId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('referrals_board_idx').on(t.ageGroup, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.toBoard} AND ${t.status} = 'open'`),
  index('referrals_status_expires_idx').on(t.status, t.expiresAt),
  index('referrals_open_expiry_idx').on(t.id, t.expiresAt).where(sql`${t.status} = 'open'`),
  check('referrals_status_check', sql`${t.status} IN ('open', 'placed', 'withdrawn')`),
  check('referrals_urgency_check', sql`${t.urgency} IN ('routine', 'soon', 'urgent')`),
  check('referrals_note_length_check', sql`char_length(${t.note}) <= 1000`),
  fkey('referrals', t.senderId, users.id, 'cascade'),
]);

/** Who a referral went to and their answer; created_at is when they received it (the received box's order). */
export const referralRecipients = pgTable('referral_recipients', {
  referralId: uuid('referral_id').notNull(),
  recipientId: uuid('recipient_id').notNull(),
  response: text('response').notNull().default('pending'),
  message: text('message'),
  respondedAt: timestamp('responded_at', { withTimezone: true }),
  viaBoard: boolean('via_board').notNull().default(false),
  conversationId: uuid('conversation_id'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ name: 'referral_recipients_pkey', columns: [t.referralId, t.recipientId] }),
  index('referral_recipients_inbox_idx').on(t.recipientId, t.createdAt.desc().nullsFirst(), t.referralId.desc().nullsFirst()),
  index('referral_recipients_pending_idx').on(t.recipientId, t.referralId).where(sql`${t.response} = 'pending'`),
  check('referral_recipients_response_check', sql`${t.response} IN ('pending', 'accepted', 'declined', 'no capacity')`),
  check('referral_recipients_message_length_check', sql`${t.message} IS NULL OR char_length(${t.message}) <= 500`),
  fkey('referral_recipients', t.referralId, referrals.id, 'cascade'), fkey('referral_recipients', t.recipientId, users.id, 'cascade'), fkey('referral_recipients', t.conversationId, conversations.id, 'set null'),
]);

/** "I can take this" from the board: one offer per therapist and referral. */
export const referralOffers = pgTable('referral_offers', {
  id: id(),
  referralId: uuid('referral_id').notNull(),
  therapistId: uuid('therapist_id').notNull(),
  message: text('message').notNull().default(''),
  status: text('status').notNull().default('open'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('referral_offers_one_idx').on(t.referralId, t.therapistId),
  index('referral_offers_therapist_idx').on(t.therapistId),
  check('referral_offers_status_check', sql`${t.status} IN ('open', 'accepted')`),
  check('referral_offers_message_length_check', sql`char_length(${t.message}) <= 500`),
  fkey('referral_offers', t.referralId, referrals.id, 'cascade'), fkey('referral_offers', t.therapistId, users.id, 'cascade'),
]);

/** A member's uploaded photo (migration 0115): a 256-pixel WebP, served at a URL holding its content hash. */
export const avatarImages = pgTable('avatar_images', {
  userId: uuid('user_id').notNull(),
  hash: text('hash').notNull(),
  image: bytea('image').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ name: 'avatar_images_pkey', columns: [t.userId, t.hash] }), fkey('avatar_images', t.userId, users.id, 'cascade')]);

/** "Download my data" requests (migration 0115): the ZIP is kept for 24 hours in data_export_chunks. */
export const dataExports = pgTable('data_exports', {
  id: id(),
  userId: uuid('user_id').notNull(),
  status: text('status').notNull().default('preparing'),
  sizeBytes: integer('size_bytes'),
  createdAt: createdAt(),
  readyAt: timestamp('ready_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('data_exports_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  index('data_exports_expires_idx').on(t.expiresAt),
  check('data_exports_status_check', sql`${t.status} IN ('preparing', 'ready', 'failed')`),
  fkey('data_exports', t.userId, users.id, 'cascade'),
]);

/** A prepared ZIP in pieces of up to 1 MB (migration 0157): any node can serve it, none holds it whole. */
export const dataExportChunks = pgTable('data_export_chunks', {
  exportId: uuid('export_id').notNull(),
  seq: integer('seq').notNull(),
  bytes: bytea('bytes').notNull(),
}, (t) => [primaryKey({ name: 'data_export_chunks_pkey', columns: [t.exportId, t.seq] }), fkey('data_export_chunks', t.exportId, dataExports.id, 'cascade')]);

// The job queue (migration 0100, server/lib/jobs.ts).
export const jobs = pgTable('jobs', {
  id: id(),
  name: text('name').notNull(),
  payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  key: text('key'),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('jobs_key_idx').on(t.key), index('jobs_due_idx').on(t.runAt).where(sql`${t.failedAt} IS NULL`)]);

// Answers of creates, per member and Idempotency-Key, kept 24 hours (migration 0185, server/lib/idempotency.ts).
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: uuid('user_id').notNull(),
  key: text('key').notNull(),
  fingerprint: text('fingerprint').notNull(),
  status: integer('status'),
  body: text('body'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.key] }), fkey('idempotency_keys', t.userId, users.id, 'cascade'),
  index('idempotency_keys_created_idx').on(t.createdAt),
]);

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

// Notifications (migration 0101, docs/decisions/0058-notifications.md).
export const notifications = pgTable('notifications', {
  id: id(),
  userId: uuid('user_id').notNull(),
  type: text('type').notNull(),
  actorIds: uuid('actor_ids').array().notNull().default(sql`'{}'::uuid[]`),
  actorCount: integer('actor_count').notNull().default(0),
  targetKind: text('target_kind').notNull(),
  targetId: uuid('target_id').notNull(),
  targetTitle: text('target_title').notNull(),
  targetUrl: text('target_url').notNull(),
  place: text('place').notNull().default(''),
  /** Migration 0190: a referral's answer, which the sentence names (common/notification-text.ts). */
  detail: text('detail'),
  postId: uuid('post_id'),
  sourceId: uuid('source_id'),
  groupKey: text('group_key'),
  visible: boolean('visible').notNull().default(true),
  createdAt: createdAt(),
  readAt: timestamp('read_at', { withTimezone: true }),
  emailedAt: timestamp('emailed_at', { withTimezone: true }),
}, (t) => [
  index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.visible}`),
  index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL AND ${t.visible}`),
  index('notifications_unemailed_idx').on(t.userId, t.createdAt).where(sql`${t.readAt} IS NULL AND ${t.emailedAt} IS NULL`),
  uniqueIndex('notifications_group_idx').on(t.userId, t.groupKey).where(sql`${t.groupKey} IS NOT NULL`),
  uniqueIndex('notifications_event_idx').on(t.userId, t.sourceId).where(sql`${t.sourceId} IS NOT NULL AND ${t.groupKey} IS NULL`),
  index('notifications_source_idx').on(t.sourceId).where(sql`${t.sourceId} IS NOT NULL`),
  index('notifications_post_idx').on(t.postId).where(sql`${t.postId} IS NOT NULL`),
  // Migration 0155: the pages read three actor slots (docs/decisions/0106).
  check('notifications_actor_ids_max', sql`cardinality(${t.actorIds}) <= 3`),
  fkey('notifications', t.userId, users.id, 'cascade'), fkey('notifications', t.postId, posts.id, 'cascade'),
]);

export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id').notNull(),
  key: text('key').notNull(),
  inApp: boolean('in_app').notNull(),
  email: text('email').notNull(),
}, (t) => [
  primaryKey({ name: 'notification_preferences_pkey', columns: [t.userId, t.key] }),
  check('notification_preferences_email_check', sql`${t.email} IN ('off', 'immediate', 'daily')`),
  fkey('notification_preferences', t.userId, users.id, 'cascade'),
]);

export const postFollows = pgTable('post_follows', {
  postId: uuid('post_id').notNull(),
  userId: uuid('user_id').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ name: 'post_follows_pkey', columns: [t.postId, t.userId] }), index('post_follows_user_idx').on(t.userId), fkey('post_follows', t.postId, posts.id, 'cascade'), fkey('post_follows', t.userId, users.id, 'cascade')]);

/** A member's saved posts (migration 0131), listed newest saved first. */
export const postBookmarks = pgTable('post_bookmarks', {
  userId: uuid('user_id').notNull(),
  postId: uuid('post_id').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ name: 'post_bookmarks_pkey', columns: [t.userId, t.postId] }),
  index('post_bookmarks_user_created_idx').on(t.userId, t.createdAt.desc(), t.postId.desc()),
  index('post_bookmarks_post_idx').on(t.postId),
  fkey('post_bookmarks', t.userId, users.id, 'cascade'), fkey('post_bookmarks', t.postId, posts.id, 'cascade'),
]);

/**
 * Rate-limit windows for nodes sharing PostgreSQL without Redis (migration 0070, server/lib/rate-limit.ts). The table
 * is UNLOGGED in the database, which drizzle cannot say; the schema test does not compare persistence.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
}, (t) => [index('rate_limit_windows_reset_idx').on(t.resetAt)]);

/** Every post's search words, one row per word and post, newest first within a word (migration 0146); kept by a trigger. */
export const postTerms = pgTable('post_terms', {
  lexeme: text('lexeme').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  postId: uuid('post_id').notNull(),
}, (t) => [index('post_terms_walk_idx').on(t.lexeme, t.createdAt.desc().nullsFirst(), t.postId.desc().nullsFirst())]);

/**
 * The activity feed in its order (migration 0151): a post's or comment's created_at, or a resource's approved_at, and
 * the item's own id; kept by triggers on posts, comments and resources.
 */
export const activityItems = pgTable('activity_items', {
  at: timestamp('at', { withTimezone: true }).notNull(),
  id: uuid('id').notNull(),
  type: text('type').notNull(),
  postId: uuid('post_id'),
  authorId: uuid('author_id'),
  title: text('title'),
}, (t) => [primaryKey({ name: 'activity_items_pkey', columns: [t.at, t.id] })]);
