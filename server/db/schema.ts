import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, boolean, check, customType, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, unique, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const textList = <N extends string>(name: N) => text(name).array().notNull().default(sql`'{}'::text[]`);

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
  // Responsiveness (migration 0330), written by the referrals' job: rate and median are null below three referrals.
  responseRate: real('response_rate'),
  medianResponseHours: real('median_response_hours'),
  responsesCounted: integer('responses_counted').notNull().default(0),
  responsesAnswered: integer('responses_answered').notNull().default(0),
  responsivenessAt: timestamp('responsiveness_at', { withTimezone: true }),
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
  // Migration 0250: a legal hold keeps everything of the member the retention purge would remove (administrators only).
  legalHoldAt: timestamp('legal_hold_at', { withTimezone: true }),
  legalHoldReason: text('legal_hold_reason'),
  legalHoldBy: uuid('legal_hold_by'),
  // Migration 0380: the language the member chose (common/i18n/locales.ts); NULL follows the browser.
  locale: text('locale'),
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
  index('users_legal_hold_idx').on(t.id).where(sql`${t.legalHoldAt} IS NOT NULL`),
  fkey('users', t.legalHoldBy, t.id, 'set null'),
  check('users_locale_check', sql`${t.locale} IS NULL OR ${t.locale} IN ('en', 'fr-CA')`),
  check('users_legal_hold_check', sql`(${t.legalHoldAt} IS NULL) = (${t.legalHoldReason} IS NULL) AND (${t.legalHoldReason} IS NULL OR char_length(${t.legalHoldReason}) BETWEEN 1 AND 500)`),
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
  // Migration 0250: the retention purge of ended sessions.
  index('sessions_last_used_idx').on(t.lastUsedAt), index('sessions_created_idx').on(t.createdAt),
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
  // Migration 0310: a group conversation (up to 12 members); its pair_key is "group:<id>".
  isGroup: boolean('is_group').notNull().default(false),
  title: text('title'),
  creatorId: uuid('creator_id'),
  membersCanAdd: boolean('members_can_add').notNull().default(false),
}, (t) => [
  uniqueIndex('conversations_pair_idx').on(t.pairKey),
  fkey('conversations', t.creatorId, users.id, 'set null'),
  check('conversations_title_length_check', sql`char_length(${t.title}) BETWEEN 1 AND 80`),
]);

export const conversationParticipants = pgTable('conversation_participants', {
  conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  unreadCount: integer('unread_count').notNull().default(0),
  isPinned: boolean('is_pinned').notNull().default(false),
  lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  // Migration 0120: "delete" removes the conversation for this participant only (hidden) and clears their history.
  hidden: boolean('hidden').notNull().default(false),
  clearedAt: timestamp('cleared_at', { withTimezone: true }),
  // Migration 0310: when the member joined, and the newest message their devices received and read (a group's receipts).
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  deliveredThrough: timestamp('delivered_through', { withTimezone: true }),
  readThrough: timestamp('read_through', { withTimezone: true }),
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
  // Migration 0250: the retention purge walks messages from the oldest.
  index('messages_created_idx').on(t.createdAt),
  // Chat (migration 0040): delivered/read updates touch only messages not yet read.
  index('messages_unread_idx').on(t.conversationId, t.senderId).where(sql`${t.status} <> 'read'`),
  check('messages_status_check', sql`${t.status} IN ('sent', 'delivered', 'read')`),
  // Migration 0230: the text is ciphertext (server/lib/crypto); the words' own bound is the app's.
  check('messages_text_length_check', sql`char_length(${t.text}) BETWEEN 1 AND 24000`),
  check('messages_kind_check', sql`${t.kind} IN ('text', 'system')`),
  uniqueIndex('messages_sender_client_id_idx').on(t.senderId, t.clientMessageId).where(sql`${t.clientMessageId} IS NOT NULL`),
  check('messages_client_message_id_check', sql`char_length(${t.clientMessageId}) BETWEEN 1 AND 64`),
]);

/**
 * The access audit trail (migrations 0220): append-only and hash-chained by triggers (seq, prev_hash and hash are set by
 * the chain trigger, never by the application); actor_id has no foreign key, so an account's deletion changes no entry.
 */
export const auditLog = pgTable('audit_log', {
  id: id(),
  actorId: uuid('actor_id'),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id'),
  detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
  actorRole: text('actor_role'),
  memberId: uuid('member_id'),
  requestId: text('request_id'),
  clientAddress: text('client_address'),
  reason: text('reason'),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  prevHash: text('prev_hash').notNull().default(''),
  hash: text('hash').notNull().default(''),
  detailDigest: text('detail_digest').notNull().default(''),
  redactedAt: timestamp('redacted_at', { withTimezone: true }),
}, (t) => [
  index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()), index('audit_log_target_idx').on(t.targetType, t.targetId),
  uniqueIndex('audit_log_seq_idx').on(t.seq), index('audit_log_actor_idx').on(t.actorId, t.seq), index('audit_log_member_idx').on(t.memberId, t.seq),
]);

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

/** A member's passkeys (WebAuthn credentials, migration 0240): several per account, each named by its owner. */
export const passkeys = pgTable('passkeys', {
  id: id(),
  userId: uuid('user_id').notNull(),
  // The credential's id as the authenticator gives it (base64url): unique across every account.
  credentialId: text('credential_id').notNull(),
  publicKey: bytea('public_key').notNull(),
  // The authenticator's signature counter: an assertion that does not move it forward (when it counts) is a clone's.
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: textList('transports'),
  name: text('name').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
}, (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId), fkey('passkeys', t.userId, users.id, 'cascade')]);

/**
 * A WebAuthn challenge handed out and not yet answered (migration 0240): single-use, and short-lived. `purpose` says
 * which step may use it; `userId` is the account it is for (none for a sign-in with a passkey alone).
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose').notNull(),
  userId: uuid('user_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt), fkey('webauthn_challenges', t.userId, users.id, 'cascade')]);

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
  // With what a member's insights count of each sent referral (migration 0440): read without the table.
  index('referrals_sender_created_idx').on(t.senderId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.status, t.updatedAt),
  index('referrals_board_idx').on(t.ageGroup, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.toBoard} AND ${t.status} = 'open'`),
  index('referrals_status_expires_idx').on(t.status, t.expiresAt),
  index('referrals_status_updated_idx').on(t.status, t.updatedAt),
  index('referrals_created_idx').on(t.createdAt),
  index('referrals_open_expiry_idx').on(t.id, t.expiresAt).where(sql`${t.status} = 'open'`),
  check('referrals_status_check', sql`${t.status} IN ('open', 'placed', 'withdrawn')`),
  check('referrals_urgency_check', sql`${t.urgency} IN ('routine', 'soon', 'urgent')`),
  check('referrals_note_length_check', sql`char_length(${t.note}) <= 8000`),
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
  // What happened after the hand-off (migration 0330), recorded once by an accepting recipient.
  outcome: text('outcome'),
  outcomeAt: timestamp('outcome_at', { withTimezone: true }),
  // The referral's sender and sending time (migration 0440), for the insights' index ranges. A trigger copies them from
  // the referral on every insert, over whatever the insert gave.
  senderId: uuid('sender_id').notNull(),
  referralCreatedAt: timestamp('referral_created_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ name: 'referral_recipients_pkey', columns: [t.referralId, t.recipientId] }),
  index('referral_recipients_created_idx').on(t.createdAt),
  index('referral_recipients_outcome_idx').on(t.recipientId, t.outcome).where(sql`${t.outcome} IS NOT NULL`),
  check('referral_recipients_outcome_check', sql`(${t.outcome} IS NULL) = (${t.outcomeAt} IS NULL)
  AND (${t.outcome} IS NULL OR (${t.response} = 'accepted' AND ${t.outcome} IN ('first session held', 'client did not follow up', 'not a fit, referred on')))`),
  index('referral_recipients_inbox_idx').on(t.recipientId, t.createdAt.desc().nullsFirst(), t.referralId.desc().nullsFirst(), t.senderId, t.response, t.outcome),
  index('referral_recipients_sender_idx').on(t.senderId, t.referralCreatedAt, t.referralId, t.recipientId, t.response, t.outcome),
  index('referral_recipients_pending_idx').on(t.recipientId, t.referralId).where(sql`${t.response} = 'pending'`),
  check('referral_recipients_response_check', sql`${t.response} IN ('pending', 'accepted', 'declined', 'no capacity')`),
  check('referral_recipients_message_length_check', sql`${t.message} IS NULL OR char_length(${t.message}) <= 4000`),
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
  check('referral_offers_message_length_check', sql`char_length(${t.message}) <= 4000`),
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
  index('data_exports_created_idx').on(t.createdAt),
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

/** Data keys wrapped by the key file's key (migration 0230, server/lib/crypto/keyring.ts). */
export const encryptionKeys = pgTable('encryption_keys', {
  id: text('id').primaryKey(),
  wrapped: text('wrapped').notNull(),
  kekId: text('kek_id').notNull(),
  purpose: text('purpose').notNull().default('data'),
  activeFrom: timestamp('active_from', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
}, (t) => [check('encryption_keys_purpose_check', sql`${t.purpose} IN ('data', 'two-factor')`)]);

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

// Administrators' platform-wide settings (migration 0207): values checked by their schema in server/lib/platform-settings.ts.
export const platformSettings = pgTable('platform_settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
  index('notifications_created_idx').on(t.createdAt),
  // Migration 0155: the pages read three actor slots (docs/decisions/0106).
  check('notifications_actor_ids_max', sql`cardinality(${t.actorIds}) <= 3`),
  fkey('notifications', t.userId, users.id, 'cascade'), fkey('notifications', t.postId, posts.id, 'cascade'),
]);

export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id').notNull(),
  key: text('key').notNull(),
  inApp: boolean('in_app').notNull(),
  email: text('email').notNull(),
  /** Null: the type's default (migration 0270). */
  push: boolean('push'),
}, (t) => [
  primaryKey({ name: 'notification_preferences_pkey', columns: [t.userId, t.key] }),
  check('notification_preferences_email_check', sql`${t.email} IN ('off', 'immediate', 'daily')`),
  fkey('notification_preferences', t.userId, users.id, 'cascade'),
]);

/** Devices that receive push notifications (migration 0270, docs/decisions/0205-web-push.md). */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: id(),
  userId: uuid('user_id').notNull(),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  deviceName: text('device_name').notNull(),
  createdAt: createdAt(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
}, (t) => [
  fkey('push_subscriptions', t.userId, users.id, 'cascade'),
  unique('push_subscriptions_endpoint_key').on(t.endpoint),
  index('push_subscriptions_user_idx').on(t.userId),
]);

/** The tags a device was shown a push for, until a read elsewhere closes them (migration 0270). */
export const pushTags = pgTable('push_tags', {
  subscriptionId: uuid('subscription_id').notNull(),
  tag: text('tag').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ name: 'push_tags_pkey', columns: [t.subscriptionId, t.tag] }),
  fkey('push_tags', t.subscriptionId, pushSubscriptions.id, 'cascade'),
]);

/** A group practice (migration 0340, docs/decisions/0245-group-practices.md). */
export const practices = pgTable('practices', {
  id: id(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  website: text('website').notNull().default(''),
  phone: text('phone'),
  logo: text('logo'),
  locations: jsonb('locations').notNull().default(sql`'[]'::jsonb`),
  regions: textList('regions'),
  /** The locations' cities, lower-cased and joined with ' | ': the directory's location filter (migration 0420). */
  cities: text('cities').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  unique('practices_slug_key').on(t.slug),
  check('practices_name_length_check', sql`char_length(${t.name}) BETWEEN 1 AND 120`),
  check('practices_description_length_check', sql`char_length(${t.description}) <= 2000`),
  index('practices_regions_idx').using('gin', t.regions),
  index('practices_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  index('practices_name_id_idx').on(sql`lower(${t.name})`, t.id),
  index('practices_cities_trgm').using('gin', sql`${t.cities} gin_trgm_ops`),
]);

/** Who belongs to a practice and in which role; one owner (migration 0340). */
export const practiceMembers = pgTable('practice_members', {
  practiceId: uuid('practice_id').notNull(),
  userId: uuid('user_id').notNull(),
  role: text('role').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ name: 'practice_members_pkey', columns: [t.practiceId, t.userId] }),
  fkey('practice_members', t.practiceId, practices.id, 'cascade'), fkey('practice_members', t.userId, users.id, 'cascade'),
  check('practice_members_role_check', sql`${t.role} IN ('owner', 'admin', 'clinician', 'intake')`),
  index('practice_members_user_idx').on(t.userId),
  uniqueIndex('practice_members_one_owner_idx').on(t.practiceId).where(sql`${t.role} = 'owner'`),
]);

/** An owner's or admin's invitation to join a practice in a role (migration 0340). */
export const practiceInvitations = pgTable('practice_invitations', {
  id: id(),
  practiceId: uuid('practice_id').notNull(),
  userId: uuid('user_id').notNull(),
  role: text('role').notNull(),
  invitedBy: uuid('invited_by'),
  status: text('status').notNull().default('pending'),
  createdAt: createdAt(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
}, (t) => [
  fkey('practice_invitations', t.practiceId, practices.id, 'cascade'), fkey('practice_invitations', t.userId, users.id, 'cascade'),
  fkey('practice_invitations', t.invitedBy, users.id, 'set null'),
  check('practice_invitations_role_check', sql`${t.role} IN ('admin', 'clinician', 'intake')`),
  check('practice_invitations_status_check', sql`${t.status} IN ('pending', 'accepted', 'declined', 'withdrawn')`),
  uniqueIndex('practice_invitations_pending_idx').on(t.userId, t.practiceId).where(sql`${t.status} = 'pending'`),
  index('practice_invitations_practice_idx').on(t.practiceId),
]);

/** A practice's re-encoded logo (migration 0340), as avatar_images keeps photos. */
export const practiceLogos = pgTable('practice_logos', {
  practiceId: uuid('practice_id').notNull(),
  hash: text('hash').notNull(),
  image: bytea('image').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ name: 'practice_logos_pkey', columns: [t.practiceId, t.hash] }), fkey('practice_logos', t.practiceId, practices.id, 'cascade')]);

/** A referral sent to a practice, in its intake inbox until assigned or answered (migration 0340). */
export const practiceReferrals = pgTable('practice_referrals', {
  referralId: uuid('referral_id').notNull(),
  practiceId: uuid('practice_id').notNull(),
  state: text('state').notNull().default('unassigned'),
  assignedTo: uuid('assigned_to'),
  handledBy: uuid('handled_by'),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ name: 'practice_referrals_pkey', columns: [t.referralId, t.practiceId] }),
  fkey('practice_referrals', t.referralId, referrals.id, 'cascade'), fkey('practice_referrals', t.practiceId, practices.id, 'cascade'),
  fkey('practice_referrals', t.assignedTo, users.id, 'set null'), fkey('practice_referrals', t.handledBy, users.id, 'set null'),
  check('practice_referrals_state_check', sql`${t.state} IN ('unassigned', 'assigned', 'no capacity')`),
  index('practice_referrals_inbox_idx').on(t.practiceId, t.createdAt.desc().nullsFirst(), t.referralId.desc().nullsFirst()),
  index('practice_referrals_state_idx').on(t.practiceId, t.state, t.createdAt.desc().nullsFirst(), t.referralId.desc().nullsFirst()),
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

/**
 * Consultation groups (migration 0320, docs/decisions/0235): a small group of peers that meets on a schedule. The
 * schedule is kept as the facilitator wrote it (weekday, local time, IANA zone) and expanded on read; `members_count`
 * counts members (not pending invitations) so "open seats" is a comparison the listing's index can use.
 */
export const consultationGroups = pgTable('consultation_groups', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  visibility: text('visibility').notNull(),
  maxMembers: integer('max_members').notNull(),
  specialties: textList('specialties'),
  modalities: textList('modalities'),
  frequency: text('frequency').notNull(),
  weekday: integer('weekday').notNull(),
  localTime: text('local_time').notNull(),
  timeZone: text('time_zone').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  meetingLink: text('meeting_link').notNull().default(''),
  facilitatorId: uuid('facilitator_id').notNull(),
  conversationId: uuid('conversation_id'),
  membersCount: integer('members_count').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  search: tsvector('search').generatedAlwaysAs(
    sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
  ),
}, (t) => [
  index('consultation_groups_listed_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.visibility} = 'listed' AND ${t.membersCount} < ${t.maxMembers}`),
  index('consultation_groups_search_gin').using('gin', t.search).with({ fastupdate: 'off' }),
  // The directory's word search, over the listed groups with an open seat only (migration 0450).
  index('consultation_groups_listed_search_gin').using('gin', t.search).with({ fastupdate: 'off' })
    .where(sql`${t.visibility} = 'listed' AND ${t.membersCount} < ${t.maxMembers}`),
  index('consultation_groups_specialties_gin').using('gin', t.specialties),
  index('consultation_groups_modalities_gin').using('gin', t.modalities),
  index('consultation_groups_facilitator_idx').on(t.facilitatorId),
  check('consultation_groups_visibility_check', sql`${t.visibility} IN ('private', 'listed')`),
  check('consultation_groups_max_members_check', sql`${t.maxMembers} BETWEEN 3 AND 12`),
  check('consultation_groups_frequency_check', sql`${t.frequency} IN ('weekly', 'biweekly', 'monthly')`),
  fkey('consultation_groups', t.facilitatorId, users.id, 'cascade'),
  fkey('consultation_groups', t.conversationId, conversations.id, 'set null'),
]);

export const groupMembers = pgTable('group_members', {
  groupId: uuid('group_id').notNull(),
  userId: uuid('user_id').notNull(),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ name: 'group_members_pkey', columns: [t.groupId, t.userId] }),
  index('group_members_user_idx').on(t.userId),
  fkey('group_members', t.groupId, consultationGroups.id, 'cascade'), fkey('group_members', t.userId, users.id, 'cascade'),
]);

/** An invitation (by the facilitator) or a join request (by the member); one pending of either per member and group. */
export const groupInvitations = pgTable('group_invitations', {
  id: id(),
  groupId: uuid('group_id').notNull(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').notNull(),
  message: text('message').notNull().default(''),
  status: text('status').notNull().default('pending'),
  createdAt: createdAt(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('group_invitations_pending_key').on(t.groupId, t.userId).where(sql`${t.status} = 'pending'`),
  index('group_invitations_user_idx').on(t.userId, t.createdAt.desc()),
  check('group_invitations_kind_check', sql`${t.kind} IN ('invitation', 'request')`),
  check('group_invitations_status_check', sql`${t.status} IN ('pending', 'accepted', 'declined')`),
  fkey('group_invitations', t.groupId, consultationGroups.id, 'cascade'), fkey('group_invitations', t.userId, users.id, 'cascade'),
]);

/** A meeting of the schedule that differs from it: moved or cancelled. Keyed by the start the schedule gave it. */
export const groupMeetingChanges = pgTable('group_meeting_changes', {
  groupId: uuid('group_id').notNull(),
  occurrence: timestamp('occurrence', { withTimezone: true }).notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  status: text('status').notNull(),
}, (t) => [
  primaryKey({ name: 'group_meeting_changes_pkey', columns: [t.groupId, t.occurrence] }),
  check('group_meeting_changes_status_check', sql`${t.status} IN ('moved', 'cancelled')`),
  fkey('group_meeting_changes', t.groupId, consultationGroups.id, 'cascade'),
]);

/**
 * Who attended a meeting, as the facilitator recorded it. The group's and the facilitator's names are copied in: the
 * hours log is the member's record, kept when the group is deleted or the member leaves.
 */
export const groupAttendance = pgTable('group_attendance', {
  groupId: uuid('group_id'),
  occurrence: timestamp('occurrence', { withTimezone: true }).notNull(),
  userId: uuid('user_id').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  groupName: text('group_name').notNull(),
  facilitatorName: text('facilitator_name').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  meetingKey: text('meeting_key').notNull(),
}, (t) => [
  primaryKey({ name: 'group_attendance_pkey', columns: [t.meetingKey, t.userId] }),
  index('group_attendance_user_idx').on(t.userId, t.startsAt),
  fkey('group_attendance', t.groupId, consultationGroups.id, 'set null'), fkey('group_attendance', t.userId, users.id, 'cascade'),
]);

/** A de-identified case a member presents (every field passed the privacy guard; stored sealed). */
export const groupCases = pgTable('group_cases', {
  id: id(),
  groupId: uuid('group_id').notNull(),
  authorId: uuid('author_id'),
  presentingConcern: text('presenting_concern').notNull(),
  ageGroup: text('age_group').notNull(),
  context: text('context').notNull(),
  question: text('question').notNull(),
  discussedAt: timestamp('discussed_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('group_cases_group_idx').on(t.groupId, t.createdAt.desc()),
  fkey('group_cases', t.groupId, consultationGroups.id, 'cascade'), fkey('group_cases', t.authorId, users.id, 'set null'),
]);

export const groupCaseComments = pgTable('group_case_comments', {
  id: id(),
  caseId: uuid('case_id').notNull(),
  parentId: uuid('parent_id'),
  authorId: uuid('author_id'),
  body: text('body').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('group_case_comments_case_idx').on(t.caseId, t.createdAt),
  fkey('group_case_comments', t.caseId, groupCases.id, 'cascade'), fkey('group_case_comments', t.authorId, users.id, 'set null'),
  foreignKey({ name: 'group_case_comments_parent_id_fkey', columns: [t.parentId], foreignColumns: [t.id] }).onDelete('cascade'),
]);

/** A member's private calendar feed: its token is signed from the nonce with the app's secret; the hash finds it. */
export const groupCalendarLinks = pgTable('group_calendar_links', {
  userId: uuid('user_id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  nonce: text('nonce').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('group_calendar_links_token_key').on(t.tokenHash),
  fkey('group_calendar_links', t.userId, users.id, 'cascade'),
]);
/** Uploaded documents (migrations 0300 and 0400, docs/decisions/0220 and 0330): the bytes are encrypted objects in `storage`. */
export const files = pgTable('files', {
  id: id(),
  ownerId: uuid('owner_id').notNull(),
  name: text('name').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  contentType: text('content_type').notNull(),
  kind: text('kind').notNull(),
  width: integer('width'),
  height: integer('height'),
  pages: integer('pages'),
  hasThumbnail: boolean('has_thumbnail').notNull().default(false),
  storage: text('storage').notNull(),
  messageId: uuid('message_id'),
  referralId: uuid('referral_id'),
  /** A consultation case's document, or (with caseCommentId) a file on one of its comments (migration 0400). */
  caseId: uuid('case_id'),
  caseCommentId: uuid('case_comment_id'),
  attachedAt: timestamp('attached_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('files_owner_idx').on(t.ownerId),
  index('files_message_idx').on(t.messageId).where(sql`${t.messageId} IS NOT NULL`),
  index('files_referral_idx').on(t.referralId).where(sql`${t.referralId} IS NOT NULL`),
  index('files_unattached_idx').on(t.createdAt).where(sql`${t.attachedAt} IS NULL`),
  index('files_case_idx').on(t.caseId).where(sql`${t.caseId} IS NOT NULL`),
  index('files_case_comment_idx').on(t.caseCommentId).where(sql`${t.caseCommentId} IS NOT NULL`),
  check('files_kind_check', sql`${t.kind} IN ('image', 'pdf', 'document', 'text')`),
  check('files_storage_check', sql`${t.storage} IN ('db', 's3')`),
  check('files_name_length_check', sql`char_length(${t.name}) BETWEEN 1 AND 200`),
  check('files_attached_once_check', sql`num_nonnulls(${t.messageId}, ${t.referralId}, ${t.caseId}) <= 1`),
  check('files_case_comment_check', sql`${t.caseCommentId} IS NULL OR ${t.caseId} IS NOT NULL`),
  fkey('files', t.ownerId, users.id, 'cascade'), fkey('files', t.messageId, messages.id, 'cascade'), fkey('files', t.referralId, referrals.id, 'cascade'),
  fkey('files', t.caseId, groupCases.id, 'cascade'), fkey('files', t.caseCommentId, groupCaseComments.id, 'cascade'),
]);

/** The database backend's encrypted objects, in fixed-size pieces (migration 0300). */
export const fileBlobs = pgTable('file_blobs', {
  key: text('key').notNull(),
  seq: integer('seq').notNull(),
  bytes: bytea('bytes').notNull(),
}, (t) => [primaryKey({ name: 'file_blobs_pkey', columns: [t.key, t.seq] })]);

/** Objects whose file row is gone, waiting for the files job to remove them from their backend (migration 0300). */
export const fileDeletions = pgTable('file_deletions', {
  key: text('key').notNull(),
  storage: text('storage').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ name: 'file_deletions_pkey', columns: [t.key, t.storage] })]);
