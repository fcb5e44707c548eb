// Chat: the REST shapes and the socket.io event map, shared by the server and the web app.
import { z } from 'zod';
import type { ErrorBody } from './errors.ts';
import { IdSchema } from './ids.ts';
import { MESSAGES_PAGE_SIZE } from './constants.ts';
import type { ForumClientEvents, ForumServerEvents } from './posts.ts';
import type { ReferralServerEvents } from './referrals.ts';
import { AttachmentIds, FileSchema } from './files.ts';

export const MESSAGE_MAX_LENGTH = 4000;
const CONVERSATIONS_PAGE_SIZE = 50;
const MESSAGE_STATUSES = ['sent', 'delivered', 'read'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

// Texts a client may show; the server sends them as `{msg, code}` in responses and error acks.
export const CHAT_ERRORS = {
  conversationNotFound: 'Conversation not found.',
  messageNotFound: 'Message not found.',
  recipientNotFound: 'That therapist was not found.',
  recipientIsSelf: 'You cannot start a conversation with yourself.',
  recipientNotVerified: 'That therapist has not been verified yet.',
  emptyMessage: 'Message cannot be empty.',
  tooLong: `Message is too long (the limit is ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters).`,
  tooFast: 'You are sending messages too quickly. Please wait a moment.',
  notYourMessage: 'You can only edit or unsend your own messages.',
  systemLine: 'This line was written by Thera Root and cannot be edited or unsent.',
  messageGone: 'This message was removed and can no longer be changed.',
  editWindowOver: 'Messages can only be edited or unsent within 15 minutes of sending.',
  emptySearch: 'Type something to search for.',
  // Group conversations (docs/decisions/0230).
  groupSize: 'A group conversation has 2 to 11 other members.',
  oneOrGroup: 'Give recipientId for a conversation with one member, or participantIds for a group.',
  groupFull: 'This conversation already has 12 members.',
  notGroup: 'Only a group conversation has members to add or remove.',
  notCreator: 'Only the member who started this conversation can do that.',
  alreadyMember: 'That therapist is already in this conversation.',
  notMember: 'That therapist is not in this conversation.',
  memberNotVerified: 'That therapist has not been verified yet.',
  memberBlocked: 'You cannot add a member you blocked or who blocked you.',
  memberRefuses: 'That therapist does not accept messages from you.',
  memberNotFound: 'That therapist was not found.',
} as const;

/** What a member sees instead of a message from someone they blocked, or who blocked them, in a group. */
export const BLOCKED_MEMBER_MESSAGE = 'Message from a member you blocked';
/** A group conversation: its creator and 2 to 11 others. */
export const GROUP_MIN_OTHERS = 2;
export const GROUP_MAX_OTHERS = 11;
const TITLE_MAX_LENGTH = 80;
const GroupTitle = z.string().trim().min(1, 'must not be empty').max(TITLE_MAX_LENGTH, `must be at most ${TITLE_MAX_LENGTH} characters`);

/** A sender may edit or unsend their message this long after sending it (docs/decisions/0073). */
const EDIT_WINDOW_MINUTES = 15;
export const EDIT_WINDOW_MS = EDIT_WINDOW_MINUTES * 60_000;
export const SEARCH_MAX_LENGTH = 100;

// A NUL is refused before this, for every socket event (assertNoNul in the chat's event runner) as on every HTTP route.
const MessageText = z.string({ message: CHAT_ERRORS.emptyMessage })
  .trim()
  .min(1, CHAT_ERRORS.emptyMessage)
  .max(MESSAGE_MAX_LENGTH, CHAT_ERRORS.tooLong);

// ---- REST ----

/**
 * POST /api/conversations → 201 (new) or 200 (existing) `{_id}`: `{recipientId}` opens the pair's conversation;
 * `{participantIds, title}` (2 to 11 other verified members) makes a new group conversation, always 201.
 */
export const CreateConversationBody = z.object({
  recipientId: IdSchema.optional(),
  participantIds: z.array(IdSchema).min(GROUP_MIN_OTHERS, CHAT_ERRORS.groupSize).max(GROUP_MAX_OTHERS, CHAT_ERRORS.groupSize).optional(),
  title: GroupTitle.nullish(),
  /** Every member may add others (else only its creator). */
  membersCanAdd: z.boolean().optional(),
}).refine((b) => (b.recipientId === undefined) !== (b.participantIds === undefined), { message: CHAT_ERRORS.oneOrGroup });

/** PATCH /api/conversations/{id}: a group's title (null: the members' names) and, by its creator, membersCanAdd. */
export const UpdateConversationBody = z.object({ title: GroupTitle.nullish(), membersCanAdd: z.boolean().optional() });
/** POST /api/conversations/{id}/members. */
export const AddMemberBody = z.object({ userId: IdSchema });
/** DELETE /api/conversations/{id}/members/{userId}. */
export const MemberParams = z.object({ id: IdSchema, userId: IdSchema });
export const CreatedConversation = z.object({ _id: z.string() });

/** PATCH /api/conversations/{id}/pin: pins the message, or unpins it when it is the pinned one. */
export const PinMessageBody = z.object({ messageId: IdSchema });

/** PATCH /api/conversations/{id}/pin-conversation: the caller's own pin of the conversation (docs/decisions/0010). */
export const PinConversationBody = z.object({ isPinned: z.boolean().optional() }).nullish();

/** GET /api/conversations?before=&limit=: `before` is the _id of the last conversation of the previous page. */
export const ConversationsQuery = z.object({
  before: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CONVERSATIONS_PAGE_SIZE),
});

/** GET /api/conversations/{id}/messages?before=&limit=: `before` is the _id of the oldest message already shown. */
export const MessagesQuery = z.object({
  before: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE_SIZE),
});

/** PATCH and DELETE /api/conversations/{id}/messages/{messageId}: the sender's own message. */
export const MessageParams = z.object({ id: IdSchema, messageId: IdSchema });
export const EditMessageBody = z.object({ text: MessageText });

/**
 * GET /api/conversations/{id}/messages/search?q=&before=&limit=: the conversation's messages containing `q` (any case),
 * newest first; `before` is the _id of the last match already shown. Unsent and removed messages never match.
 */
export const MessageSearchQuery = z.object({
  q: z.string({ message: CHAT_ERRORS.emptySearch }).trim().min(1, CHAT_ERRORS.emptySearch)
    .max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`),
  before: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * GET /api/conversations/recipients?q=&limit=: the "New message" picker. Verified members whose name, or a
 * word of it, starts with q, by name; not oneself, not members one blocked, not members hidden from the directory
 * unless a conversation with them exists. `canMessage` false: they do not accept one's messages (shown disabled).
 */
const RECIPIENTS_MAX = 20;
export const RecipientsQuery = z.object({
  q: z.string().trim().max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`).default(''),
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1')
    .max(RECIPIENTS_MAX, `must be at most ${RECIPIENTS_MAX}`).default(10),
});
const RecipientSchema = z.object({
  _id: z.string(), name: z.string(), avatar: z.string().nullable(), canMessage: z.boolean(),
});
export type Recipient = z.infer<typeof RecipientSchema>;
export const RecipientsResponse = z.object({ users: z.array(RecipientSchema) });

const ParticipantSchema = z.object({
  _id: z.string(), name: z.string(), avatar: z.string().nullable(),
  /** In a group: the newest message this member's devices received, and read (receipts are counted from these). */
  deliveredThrough: z.string().nullable().optional(), readThrough: z.string().nullable().optional(),
});

const MESSAGE_KINDS = ['text', 'system'] as const;

/** What a system line reports (docs/decisions/0325); each is said by common/i18n/system-line-messages.ts. */
const SYSTEM_LINE_CODES = ['started', 'joined', 'added', 'left', 'removed', 'renamed', 'unnamed', 'handedOver', 'referralAccepted'] as const;
export type SystemLineCode = (typeof SYSTEM_LINE_CODES)[number];
/**
 * A line the app wrote, as a code and values, said in each reader's language. `values`: members' names as they were
 * when it was written, a title, a referral's needs (stored option values); `people`: which values name a member, by
 * id, so a reader's app can say a member's current name when it knows it.
 */
export const SystemLineSchema = z.object({
  code: z.enum(SYSTEM_LINE_CODES),
  values: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  people: z.record(z.string(), z.string()).optional(),
});
export type SystemLine = z.infer<typeof SystemLineSchema>;
export const MessageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  sender: z.object({ _id: z.string(), name: z.string() }),
  text: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  createdAt: z.string(),
  /** 'system': a line the app wrote (a referral accepted), shown apart from what people wrote; its sender is who acted. */
  kind: z.enum(MESSAGE_KINDS),
  /**
   * On a system line written since decision 0325: what it says as a code and values, for the reader's app to say in its
   * language; `text` is its English (older lines have `text` only).
   */
  system: SystemLineSchema.optional(),
  /** When the sender last edited it; null if never. */
  editedAt: z.string().nullable(),
  /** When the sender unsent it (its text is then "Message removed", the original erased); null if not. */
  unsentAt: z.string().nullable(),
  /**
   * In a group, on the reader's own messages when a page is read: the other members its devices reached and who read
   * it ("Delivered to 4", "Read by 3 of 5"); live changes come as `messageStatus` with `userId` and `through`.
   */
  receipts: z.object({ of: z.number(), deliveredTo: z.array(z.string()), readBy: z.array(z.string()) }).optional(),
  /**
   * The files it carries (common/files.ts), in the order they were attached; a message may be files alone (text '').
   * Present on messages of a conversation's pages and events; absent on a list entry's lastMessage preview.
   */
  attachments: z.array(FileSchema).optional(),
});
export type Message = z.infer<typeof MessageSchema>;

const PinnedMessageSchema = z.object({ _id: z.string(), text: z.string(), sender: z.object({ name: z.string() }) });
export type PinnedMessage = z.infer<typeof PinnedMessageSchema>;

/** One conversation as its viewer sees it: `isPinned` is the viewer's own pin. */
export const ConversationSchema = z.object({
  _id: z.string(),
  participants: z.array(ParticipantSchema),
  lastMessage: MessageSchema.nullable(),
  pinnedMessage: PinnedMessageSchema.nullable(),
  isPinned: z.boolean(),
  updatedAt: z.string(),
  unreadCounts: z.record(z.string(), z.number()),
  /** A group conversation (up to 12 members): its title (null: the members' names), creator and who may add members. */
  isGroup: z.boolean(),
  title: z.string().nullable(),
  creatorId: z.string().nullable(),
  membersCanAdd: z.boolean(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** The newest page first; within a page, oldest to newest (the order they are shown in). */
export const MessagesPage = z.array(MessageSchema);

export const PinUpdate = z.object({ conversationId: z.string(), pinnedMessage: PinnedMessageSchema.nullable() });
export type PinUpdate = z.infer<typeof PinUpdate>;

// ---- socket.io ----

export const ConversationRef = z.object({ conversationId: IdSchema });
/** `joinConversation` takes the id itself (the spec) or `{conversationId}`. */
export const JoinPayload = z.union([IdSchema, ConversationRef]);
/**
 * `sender` of the spec's payload is ignored: who sends is decided by the token. `clientMessageId` (optional, the client's
 * own id for this message, e.g. a UUID) makes a retried send safe: the same id from the same sender stores one message,
 * and the retry's acknowledgement is that message.
 */
const CLIENT_MESSAGE_ID_MAX = 64;
const ClientMessageId = z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only').min(1).max(CLIENT_MESSAGE_ID_MAX);
// Text, files (the sender's uploads from POST /api/files, at most 5), or both: never neither.
const MessageContent = z.object({
  text: z.string().trim().max(MESSAGE_MAX_LENGTH, CHAT_ERRORS.tooLong).default(''),
  attachmentIds: AttachmentIds.default([]),
  clientMessageId: ClientMessageId.optional(),
});
const hasContent = (m: { text: string; attachmentIds: string[] }) => m.text.length > 0 || m.attachmentIds.length > 0;
export const SendMessagePayload = MessageContent.extend({ conversationId: IdSchema })
  .refine(hasContent, { message: CHAT_ERRORS.emptyMessage, path: ['text'] });
/** POST /api/conversations/{id}/messages → 201 the message: the REST twin of `sendMessage`. */
export const SendMessageBody = MessageContent.refine(hasContent, { message: CHAT_ERRORS.emptyMessage, path: ['text'] });
/** The socket twins of PATCH and DELETE /api/conversations/{id}/messages/{messageId}. */
export const EditMessagePayload = z.object({ conversationId: IdSchema, messageId: IdSchema, text: MessageText });
export const UnsendMessagePayload = z.object({ conversationId: IdSchema, messageId: IdSchema });

type Ack<T> = (response: T | ErrorBody) => void;

/**
 * In a group, `userIds` are the members whose devices newly received or read every one of `messageIds` (gathered per
 * node, docs/decisions/0380); when there is one, it is also `userId`, with `through` the time of the newest.
 */
type MessageStatusUpdate = {
  conversationId: string; messageIds: string[]; status: Exclude<MessageStatus, 'sent'>; userIds?: string[]; userId?: string; through?: string;
};
type TypingEvent = { conversationId: string; userId: string; userName: string };

/**
 * Events the server sends. Every payload is built from the database after the write it reports.
 * - `newMessage` goes to every device of both participants (sender included: dedupe by `_id`).
 * - `messageStatus` tells the sender's devices that their messages were delivered or read.
 * - `getOnlineUsers` (on connect, and as the ack of the client's `getOnlineUsers`) lists the online ids
 *   among the people the user has conversations with; `presenceChanged` reports each change for them.
 */
export interface ServerToClientEvents extends ReferralServerEvents, ForumServerEvents {
  getOnlineUsers: (userIds: string[]) => void;
  presenceChanged: (update: { userId: string; online: boolean }) => void;
  newMessage: (message: Message) => void;
  /** The sender edited or unsent a message: its new state, to every device of both participants. */
  messageEdited: (message: Message) => void;
  messageUnsent: (message: Message) => void;
  messageStatus: (update: MessageStatusUpdate) => void;
  pinUpdated: (update: PinUpdate) => void;
  typing: (event: TypingEvent) => void;
  stopTyping: (event: Omit<TypingEvent, 'userName'>) => void;
  conversationUpdated: (conversation: Conversation) => void;
  newConversation: (conversation: Conversation) => void;
  conversationDeleted: (event: { conversationId: string }) => void;
}

/**
 * Events a client sends; each may carry an ack that gets the result or `{msg, code}` (common/errors.ts).
 * - `messagesDelivered {conversationId}`: this device has received the other person's messages (on every incoming
 *   `newMessage`, and for conversations whose last message is still `sent` after loading the list). Marks them
 *   `delivered` and tells the sender.
 * - `messagesRead {conversationId}`: the conversation is open here; marks the other's messages `read` and
 *   the user's unread count zero.
 */
export interface ClientToServerEvents extends ForumClientEvents {
  userOnline: (userId?: unknown) => void;
  joinConversation: (payload: string | { conversationId: string }, ack?: Ack<{ ok: true }>) => void;
  sendMessage: (
    payload: { conversationId: string; text?: string; attachmentIds?: string[]; clientMessageId?: string; sender?: unknown },
    ack?: Ack<Message>,
  ) => void;
  editMessage: (payload: { conversationId: string; messageId: string; text: string }, ack?: Ack<Message>) => void;
  unsendMessage: (payload: { conversationId: string; messageId: string }, ack?: Ack<Message>) => void;
  messagesDelivered: (payload: { conversationId: string }, ack?: Ack<{ updated: number }>) => void;
  messagesRead: (payload: { conversationId: string; userId?: unknown }, ack?: Ack<{ updated: number }>) => void;
  typing: (payload: { conversationId: string; userName?: unknown }) => void;
  stopTyping: (payload: { conversationId: string }) => void;
  getOnlineUsers: (ack?: (userIds: string[]) => void) => void;
}
