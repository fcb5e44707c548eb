// The open post's page hears of new comments (common/posts.ts, ForumClientEvents): a socket watches at most one post
// (one per tab, what is on screen), and a new comment's delivery tells the sockets watching its post, ids only: each
// page then reads the comments through the API, which applies blocks and every other rule.
//   event         REST twin                          requires
//   watchPost     GET /api/forumPosts/:id/comments   verified (or admin), read fresh; the post exists
//   unwatchPost   none: it only leaves the room      signed in
import { sql } from 'drizzle-orm';
import { POST_NOT_FOUND, WatchPostPayload, type PostCommentAddedEvent } from '../../../common/posts.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { ACCESS } from '../../lib/error-texts.ts';
import { describeError, forbidden, notFound, tooManyRequests } from '../../lib/errors.ts';
import { localeOfHeaders, localText } from '../../lib/i18n.ts';
import { assertSafeInput } from '../../lib/input-safety.ts';
import type { AuthedSocket } from '../../lib/realtime.ts';

const postRoom = (postId: string) => `post:${postId}`;
const WATCH_WINDOW_MS = 10_000;
/** Far above what a person opening posts sends; each watch costs one read. */
const WATCHES_PER_WINDOW = 60;

type Ack = (response: unknown) => void;

export function forumsRealtime(ctx: AppContext): void {
  const watch = async (socket: AuthedSocket, payload: unknown) => {
    if (await ctx.limiter.hit(`socket-watch:${socket.data.user.id}`, WATCH_WINDOW_MS) > WATCHES_PER_WINDOW) throw tooManyRequests();
    assertSafeInput(payload, 'payload');
    const { postId } = WatchPostPayload.parse(payload);
    // The socket's user is a snapshot from its handshake: the licence is read now, as the REST twin does.
    const [row] = await queryRows<{ may_read: boolean; post: boolean }>(ctx.db, sql`
      SELECT (u.verification_status = 'verified' OR u.role = 'admin') AND NOT u.disabled AS may_read,
        EXISTS (SELECT 1 FROM posts p WHERE p.id = ${postId}) AS post
      FROM users u WHERE u.id = ${socket.data.user.id}`);
    if (!row?.may_read) throw forbidden(localText(ACCESS.notVerified), 'NOT_VERIFIED');
    if (!row.post) throw notFound(POST_NOT_FOUND);
    for (const room of socket.rooms) if (room.startsWith('post:') && room !== postRoom(postId)) await socket.leave(room);
    await socket.join(postRoom(postId));
    return { ok: true as const };
  };
  // Shared listeners (socket.io calls them with the socket as `this`): no closure per socket (decision 0097).
  function onWatch(this: AuthedSocket, payload: unknown, ack?: unknown) {
    const reply: Ack | undefined = typeof ack === 'function' ? (ack as Ack) : undefined;
    void ctx.realtime.track(watch(this, payload).then((result) => reply?.(result), (error: unknown) => reply?.(describeError(error, localeOfHeaders(this.handshake.headers, this.data.user.locale)).body)));
  }
  function onUnwatch(this: AuthedSocket, payload: unknown) {
    const parsed = WatchPostPayload.safeParse(payload);
    if (parsed.success) void this.leave(postRoom(parsed.data.postId));
  }
  ctx.realtime.io.on('connection', (socket) => {
    socket.on('watchPost', onWatch);
    socket.on('unwatchPost', onUnwatch);
  });
}

/** A comment was added: the sockets watching its post (on every node) read the comments again. */
export function tellWatchers(ctx: Pick<AppContext, 'realtime'>, event: PostCommentAddedEvent): void {
  ctx.realtime.io.to(postRoom(event.postId)).emit('postCommentAdded', event);
}
