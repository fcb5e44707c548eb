// Blocking a member and "Who can message me". Blocking is private: only the blocker ever sees that it
// happened; a refused message says the same thing whether the cause is a block or the recipient's setting.
import { z } from 'zod';

export const BLOCKS_MAX = 1000;

export const BLOCK_TEXTS = {
  notAccepting: 'This member is not accepting messages from you.',
  self: 'You cannot block yourself.',
  notFound: 'Member not found.',
  tooMany: `You have blocked the maximum of ${BLOCKS_MAX.toLocaleString('en-US')} members.`,
  blocked: 'Member blocked.',
  unblocked: 'Member unblocked.',
  hidden: 'Hidden: you blocked this member',
  showAnyway: 'Show anyway',
} as const;

/** One member the caller blocked. */
export const BlockedMember = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof BlockedMember>;

/** GET /api/users/me/blocked: every member the caller blocked (at most BLOCKS_MAX), newest first. */
export const BlockedList = z.object({ users: z.array(BlockedMember) });
export type BlockedList = z.infer<typeof BlockedList>;

const MESSAGE_POLICIES = ['everyone', 'network'] as const;
export const MessagePolicy = z.enum(MESSAGE_POLICIES);
export type MessagePolicy = z.infer<typeof MessagePolicy>;

/** GET and PUT /api/users/me/privacy: "Who can message me" and "Show me in the directory". */
export const PrivacySettings = z.object({ whoCanMessage: MessagePolicy, listedInDirectory: z.boolean() });
export type PrivacySettings = z.infer<typeof PrivacySettings>;
/** PUT: either setting or both; what is left out stays as it is. */
export const UpdatePrivacyBody = PrivacySettings.partial().refine(
  (body) => body.whoCanMessage !== undefined || body.listedInDirectory !== undefined, 'Choose a setting to change.');
export type UpdatePrivacyInput = z.infer<typeof UpdatePrivacyBody>;
