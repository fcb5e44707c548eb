import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { IsoInstant } from './time.ts';

/**
 * Cursor paging: pass the createdAt and _id of the last item shown to get the items after it.
 * createdAt carries microseconds, exactly as stored, so two items in the same millisecond are never lost or repeated.
 */
export const FeedQuery = z.object({
  before: IsoInstant.optional(),
  beforeId: IdSchema.optional(),
});
export type FeedCursor = z.infer<typeof FeedQuery>;

// The spec's author.name, and the author's id, so that a reader's own posts and comments are not shown to them as news.
const author = z.object({ _id: z.string(), name: z.string() });
const community = z.object({ _id: z.string(), name: z.string() });

// The spec's section 3 fields, and the author's _id (docs/decisions/0160).
const FeedPostItem = z.object({
  type: z.literal('NEW_POST'), _id: z.string(), createdAt: z.string(), title: z.string(), author, community,
});
const FeedCommentItem = z.object({
  type: z.literal('NEW_COMMENT'), _id: z.string(), createdAt: z.string(), author,
  post: z.object({ _id: z.string(), title: z.string(), community }),
});
const FeedResourceItem = z.object({
  type: z.literal('NEW_RESOURCE'), _id: z.string(), createdAt: z.string(), title: z.string(),
});
const FeedItemSchema = z.discriminatedUnion('type', [FeedPostItem, FeedCommentItem, FeedResourceItem]);
export type FeedItem = z.infer<typeof FeedItemSchema>;
export const FeedResponse = z.array(FeedItemSchema);
