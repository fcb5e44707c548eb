import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { ConfirmDeidentified } from './privacy-check.ts';

export const POST_LIMITS = { title: 200, content: 20_000, comment: 10_000, query: 200, bulkDelete: 500, cursor: 200, searchCursor: 400 } as const;
/** Likes are sent as a list of user ids; past this many only the count (and the reader's own like) grows. */
export const LIKES_LIST_CAP = 10;
export const COMMENTS_PAGE_SIZE = 200;
export const COMMENTS_MAX_PAGE_SIZE = 500;
/**
 * Search ranks the newest this-many matches together (three pages), then the next this-many, and so on
 * (docs/decisions/0021-bounded-post-search.md): common words cost a bounded read instead of ranking every match.
 */
export const SEARCH_WINDOW = 60;

// Texts of the spec (sections 2, 5, 8) and of this feature's errors, shared by the server and the screens.
export const TITLE_CONTENT_REQUIRED = 'Title and content are required.';
export const POST_NOT_FOUND = 'Post not found.';
export const COMMENT_NOT_FOUND = 'Comment not found.';
export const COMMENT_REQUIRED = 'Comment is required.';
export const JOIN_TO_POST = 'Join this community to post in it.';
export const DELETED_COMMENT = '[deleted]';
export const CANNOT_REPLY_TO_DELETED = 'You cannot reply to a deleted comment.';
/** Replies nest at most this many levels under a top-level comment (docs/decisions/0042-comment-tree-depth.md). */
export const MAX_REPLY_DEPTH = 50;
export const REPLY_TOO_DEEP = `Replies can nest at most ${MAX_REPLY_DEPTH} levels deep. Reply to an earlier comment instead.`;
/** The spec: only the author deletes; administrators have their own, audited removal. */
export const ONLY_AUTHOR_DELETES = 'Only the author can delete this. Administrators use "Remove as administrator".';
export const ONLY_AUTHOR_OR_ADMIN_EDITS = 'Only the author or an administrator can edit this.';
export const REMOVED_POST_NOT_EDITABLE = 'A removed post cannot be edited.';

/** POST /api/forumPosts. Empty title or content is checked in the route so the message is the spec's own. */
export const CreatePostBody = z.object({
  title: z.string().max(POST_LIMITS.title, `must be at most ${POST_LIMITS.title} characters`).default(''),
  content: z.string().max(POST_LIMITS.content, `must be at most ${POST_LIMITS.content} characters`).default(''),
  communityId: IdSchema.nullish(),
  /** The writer checked that nothing identifies a client (a 409 LOOKS_IDENTIFYING asked them). */
  confirmDeidentified: ConfirmDeidentified,
});
export type CreatePostInput = z.input<typeof CreatePostBody>;

export const CommentBody = z.object({
  content: z.string().max(POST_LIMITS.comment, `must be at most ${POST_LIMITS.comment} characters`).default(''),
  confirmDeidentified: ConfirmDeidentified,
});

/** Optional on both like calls: without it the like toggles; with it a repeated click cannot undo itself. */
export const LikeBody = z.object({ liked: z.boolean().optional() }).nullish();

export const BulkDeleteBody = z.object({
  commentIds: z.array(IdSchema).min(1, 'must list at least one comment')
    .max(POST_LIMITS.bulkDelete, `must list at most ${POST_LIMITS.bulkDelete} comments`),
});

const cursor = z.string().max(POST_LIMITS.cursor).optional();

/** How the feed and a community's posts are ordered: newest, most liked in a period, or without comments. */
export const POST_SORTS = ['latest', 'top', 'unanswered'] as const;
export type PostSort = (typeof POST_SORTS)[number];
/** Top counts the likes of posts written in the last week or month, or of all posts. */
export const TOP_PERIODS = ['week', 'month', 'all'] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];
export const PostsQuery = z.object({
  before: cursor,
  sort: z.enum(POST_SORTS, { message: 'must be latest, top or unanswered' }).default('latest'),
  period: z.enum(TOP_PERIODS, { message: 'must be week, month or all' }).default('week'),
});

/** PUT /api/forumPosts/{id}: the same limits as a new post; both are required. */
export const EditPostBody = CreatePostBody.omit({ communityId: true });
export type EditPostInput = z.input<typeof EditPostBody>;

/** GET /api/bookmarks: `nextCursor` goes back as `before`. */
export const BookmarksQuery = z.object({ before: cursor });
export const BookmarkState = z.object({ bookmarked: z.boolean() });
export const PostSearchQuery = z.object({
  query: z.string().trim().max(POST_LIMITS.query, `must be at most ${POST_LIMITS.query} characters`).default(''),
  // A search cursor also carries the bounds of its window of matches, hence the longer limit.
  before: z.string().max(POST_LIMITS.searchCursor).optional(),
});
export const CommentsQuery = z.object({
  after: cursor,
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1')
    .max(COMMENTS_MAX_PAGE_SIZE, `must be at most ${COMMENTS_MAX_PAGE_SIZE}`).default(COMMENTS_PAGE_SIZE),
});
export const CommunityIdParams = z.object({ communityId: IdSchema });
export const PostIdParams = z.object({ postId: IdSchema });

const AuthorSchema = z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable() });

export const PostSchema = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  author: AuthorSchema,
  /** Ids of users who liked it, at most LIKES_LIST_CAP; the reader's id is in it exactly when they liked it. */
  likes: z.array(z.string()),
  likesCount: z.number(),
  community: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  commentsCount: z.number(),
  /** Search results only: title and an excerpt with matched words between <mark> and </mark>. */
  highlight: z.object({ title: z.string(), content: z.string() }).optional(),
  /** GET /api/forumPosts/{id} and the answers of a post's own writes only: whether the reader follows the post. */
  following: z.boolean().optional(),
  /** When the title or text was last edited; null until then. */
  editedAt: z.string().nullable(),
  /** Whether the reader saved the post (GET /api/bookmarks lists them). */
  bookmarked: z.boolean(),
});
export type Post = z.infer<typeof PostSchema>;

/** GET /api/forumPosts/feed, /community/{id} and the searches: `nextCursor` goes back as `before`. */
export const PostsPageSchema = z.object({ posts: z.array(PostSchema), nextCursor: z.string().nullable() });
export type PostsPage = z.infer<typeof PostsPageSchema>;
/** What the top bar's posts group shows of a post (a whole Post has it too). */
export type PostHit = Pick<Post, '_id' | 'title' | 'community'> & { author: Pick<Post['author'], '_id' | 'name'> };

export const CommentSchema = z.object({
  _id: z.string(),
  /** '[deleted]' for a deleted comment that still has replies. */
  content: z.string(),
  /** null once deleted. */
  author: AuthorSchema.nullable(),
  likes: z.array(z.string()),
  likesCount: z.number(),
  parentComment: z.string().nullable(),
  createdAt: z.string(),
  deleted: z.boolean(),
  /** When the text was last edited; null until then (and once deleted). */
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** GET /api/forumPosts/{postId}/comments: `nextCursor` goes back as `after`. */
export const CommentsPageSchema = z.object({ comments: z.array(CommentSchema), nextCursor: z.string().nullable() });
export type CommentsPage = z.infer<typeof CommentsPageSchema>;

/** POST /api/forumPosts/comments/{id}/like: the comment's likes list after the change. */
export const CommentLikesSchema = z.array(z.string());

/** DELETE /api/forumPosts/comments (administrators). */
export const BulkDeleteResponse = z.object({ msg: z.string(), deleted: z.number() });

/**
 * The open post's page hears of new comments live: the client sends `watchPost {postId}` when it shows the post (and
 * again after a reconnection), `unwatchPost` when it leaves; the server then sends `postCommentAdded` to the sockets
 * watching that post, with ids only (the page reads the comments through the API, which applies every rule).
 */
export const WatchPostPayload = z.object({ postId: IdSchema }).strict();
export type PostCommentAddedEvent = { postId: string; commentId: string };
export interface ForumServerEvents {
  postCommentAdded: (event: PostCommentAddedEvent) => void;
}
export interface ForumClientEvents {
  watchPost: (payload: { postId: string }, ack?: (response: { ok: true } | { msg: string; code: string }) => void) => void;
  unwatchPost: (payload: { postId: string }) => void;
}
