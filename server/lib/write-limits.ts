import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ERRORS } from './error-texts.ts';
import { tooManyRequests } from './errors.ts';
import { localText } from './i18n.ts';
import type { RateLimiter } from './rate-limit.ts';

/**
 * Every write a member makes is counted per member, per kind of write, on the limiter every node shares (Redis, or the
 * database without it), so a script cannot flood replies, posts or likes from one account. Sign-in, registration and
 * password reset are written by visitors and keep their own per-address limits (features/accounts/limits.ts); chat
 * messages keep theirs, counted in the statement that stores them.
 */
export const WRITE_BUCKETS = ['posts', 'comments', 'likes', 'communities', 'resources', 'conversations', 'referrals', 'checks', 'files', 'other'] as const;
export type WriteBucket = (typeof WRITE_BUCKETS)[number];
type WriteLimit = { max: number; windowMs: number };
export type WriteLimits = Record<WriteBucket, WriteLimit>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Far above what a clinician does by hand, far below what a script does (docs/decisions/0043-write-limits.md). */
export const DEFAULT_WRITE_LIMITS: WriteLimits = {
  posts: { max: 20, windowMs: HOUR },
  comments: { max: 60, windowMs: 10 * MINUTE },
  likes: { max: 300, windowMs: 10 * MINUTE },
  communities: { max: 5, windowMs: HOUR },
  resources: { max: 10, windowMs: HOUR },
  conversations: { max: 30, windowMs: HOUR },
  // Referral requests sent (decision 0050): a busy clinician refers a few clients a day.
  referrals: { max: 30, windowMs: HOUR },
  // Privacy checks the forms ask as a member types (decision 0110): counted apart, so typing never uses up other writes.
  checks: { max: 300, windowMs: 10 * MINUTE },
  // Uploads: a member shares a few documents a day; each costs storage and processing.
  files: { max: 60, windowMs: HOUR },
  other: { max: 300, windowMs: 10 * MINUTE },
};

// Writes by visitors, limited per address by their own feature.
const VISITOR_WRITES = new Set([
  'POST /api/users/register', 'POST /api/users/login', 'POST /api/users/forgot-password', 'POST /api/users/reset-password/:token',
  // The second step of a sign-in (wrong codes counted per account) and an email link (single-use token).
  'POST /api/users/login/2fa', 'POST /api/users/confirm-email',
  // Passkey sign-ins, counted per address (features/accounts/passkey-sign-in.ts).
  'POST /api/users/login/passkey/options', 'POST /api/users/login/passkey',
  'POST /api/users/login/2fa/passkey/options', 'POST /api/users/login/2fa/passkey',
]);

const BUCKET_OF: Record<string, WriteBucket> = {
  'POST /api/forumPosts': 'posts',
  'POST /api/forumPosts/:postId/comments': 'comments',
  'POST /api/forumPosts/comments/:id/reply': 'comments',
  'POST /api/forumPosts/:id/like': 'likes',
  'POST /api/forumPosts/comments/:id/like': 'likes',
  'POST /api/communities': 'communities',
  'POST /api/resources': 'resources',
  'POST /api/conversations': 'conversations',
  'POST /api/conversations/:id/members': 'conversations',
  'POST /api/referrals': 'referrals',
  // Consultation groups: a group is made as rarely as a community; a case is written like a post, its comments like comments.
  'POST /api/groups': 'communities',
  'POST /api/groups/:id/cases': 'posts',
  'POST /api/groups/:id/cases/:caseId/comments': 'comments',
  'POST /api/privacy/check': 'checks',
  'POST /api/files': 'files',
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The bucket a route's writes count in, or null for reads and visitors' writes. */
export function writeBucketOf(method: string, url: string): WriteBucket | null {
  const key = `${method} ${url}`;
  if (!WRITE_METHODS.has(method) || !url.startsWith('/api/') || VISITOR_WRITES.has(key)) return null;
  return BUCKET_OF[key] ?? 'other';
}

const retrySeconds = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / 1000));

const tooManyWrites = (seconds: number) => tooManyRequests(localText(ERRORS.tooOften, { seconds }));

/** Must be registered before the routes: each write route gets the check before its body is validated. */
export function registerWriteLimits(app: FastifyInstance, limiter: RateLimiter, limits: WriteLimits): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const bucket = writeBucketOf(method, route.url);
      if (!bucket) continue;
      const check = async (request: FastifyRequest, reply: FastifyReply) => {
        // A signed-out caller has already been answered 401 by the route's guard, or the route is public.
        if (!request.user) return;
        const { max, windowMs } = limits[bucket];
        const { count, retryAfterMs } = await limiter.hitWindow(`write:${bucket}:${request.user.id}`, windowMs);
        if (count <= max) return;
        const seconds = retrySeconds(retryAfterMs);
        reply.header('Retry-After', String(seconds));
        throw tooManyWrites(seconds);
      };
      route.preValidation = [check, ...toArray(route.preValidation)];
    }
  });
}

const toArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
