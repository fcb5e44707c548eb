// Creating endpoints accept an `Idempotency-Key` header: a request retried with the same key (its answer was lost to a
// timeout or a dropped connection) answers what the first one answered instead of creating a second row
// (docs/decisions/0147-idempotency-keys.md). A route opts in with `config: { idempotent: true }`; this module then
// declares the header (validated, and documented in the OpenAPI description) and adds the two hooks. Keys are per
// member; the first answer is kept 24 hours; only successful answers are kept, so a refused request can be fixed and
// sent again with its key. An upload (`idempotent: 'content'`) is fingerprinted with its bytes, which only its handler
// reads: see `replayUpload` and `keepAnswerWithin`'s `content`.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { queryRows, type Db } from '../db/client.ts';
import type { SqlRow } from '../db/rows.ts';
import type { idempotencyKeys } from '../db/schema.ts';
import { AppError, conflict } from './errors.ts';
import { hourlyAt, type JobQueue } from './jobs.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Accepts an Idempotency-Key header (server/lib/idempotency.ts). `'content'`: the body is read by the handler (an
     * upload), which fingerprints it itself (`replayUpload`, `keepAnswerWithin(tx, answer, { content })`).
     */
    idempotent?: boolean | 'content';
  }
}

const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEEP_MS = 24 * 60 * 60_000;
/** A key claimed and never answered (its node died mid-request) is free again after this. */
const ABANDONED_MS = 60_000;
const CLEANUP_JOB = 'idempotency.cleanup';

export const IDEMPOTENCY_TEXTS = {
  reused: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  inProgress: 'A request with this Idempotency-Key is still being handled. Please try again in a moment.',
  invalid: 'must be 1 to 255 printable characters without spaces',
};

const IdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.string().regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_TEXTS.invalid).optional()
    .describe('Any unique string (a UUID): a retry with the same key answers the first answer instead of creating again, for 24 hours.'),
});

type Claim = { userId: string; key: string; answered?: boolean };
const claims = new WeakMap<FastifyRequest, Claim>();
/** A retry of an answered upload: replayed by its handler once it has read the retry's bytes (`replayUpload`). */
type Earlier = { fingerprint: string; status: number; body: string };
const earlier = new WeakMap<FastifyRequest, Earlier>();
/** The claimed key of the request being handled, with its reply (to serialize the answer as the route will). */
const current = new AsyncLocalStorage<{ claim: Claim; reply: FastifyReply; status: number }>();

const fingerprintOf = (request: FastifyRequest) =>
  crypto.createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('base64url');
/** An upload's fingerprint: the request's, and a digest of what the handler read (the file's name and bytes). */
const contentFingerprint = (request: FastifyRequest, content: string) =>
  crypto.createHash('sha256').update(`${fingerprintOf(request)}\n${content}`).digest('base64url');

/**
 * Must be registered before the routes, before the OpenAPI description collects them, and before compression (the
 * answer is kept as the JSON text, before it is compressed).
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    route.schema = { ...route.schema, headers: IdempotencyHeaders };
    const byContent = route.config.idempotent === 'content';
    route.preHandler = [(request, reply) => replayOrClaim(db, request, reply, byContent), ...toArray(route.preHandler)];
    const handler = route.handler;
    const status = successStatus(route);
    route.handler = function withClaim(this: FastifyInstance, request, reply) {
      const claim = claims.get(request);
      return claim ? current.run({ claim, reply, status }, () => handler.call(this, request, reply)) : handler.call(this, request, reply);
    };
  });
  app.addHook('onSend', (request, reply, payload: unknown) => keepAnswer(db, request, reply, payload));
}

/**
 * Keeps the answer to the request being handled in the write's transaction `tx`, so the key is answered exactly when
 * the write committed: a node that dies after the commit leaves a key a retry replays, never one it creates again
 * with. Called by a creating service as its transaction's last step; nothing happens without a claimed key.
 */
export async function keepAnswerWithin(tx: Db, answer: unknown, options: { content?: string } = {}): Promise<void> {
  const scope = current.getStore();
  if (!scope) return;
  const { claim, reply, status } = scope;
  reply.code(status);
  const body = reply.serialize(answer);
  // An upload's key is claimed before its bytes are read: its fingerprint becomes the bytes' now.
  const fingerprint = options.content === undefined ? null : contentFingerprint(reply.request, options.content);
  await tx.execute(sql`UPDATE idempotency_keys SET status = ${status}, body = ${body}, fingerprint = coalesce(${fingerprint}, fingerprint)
    WHERE user_id = ${claim.userId} AND key = ${claim.key}`);
  claim.answered = true;
}

/** The route's success status (201 for a create), from its declared answers. */
const successStatus = (route: RouteOptions) =>
  Number(Object.keys((route.schema?.response ?? {}) as object).find((code) => /^2\d\d$/.test(code)) ?? 200);

/** Forgets answers older than 24 hours, every hour (a lookup already ignores them). */
export function registerIdempotencyCleanup(db: Db, jobs: JobQueue): void {
  jobs.recurring(CLEANUP_JOB, hourlyAt(17), async (_payload, { now }) => {
    await db.execute(sql`DELETE FROM idempotency_keys WHERE created_at < ${new Date(now.getTime() - KEEP_MS).toISOString()}::timestamptz`);
  });
}

/**
 * For an `idempotent: 'content'` route, after its handler has read the request's bytes into `content` (a digest):
 * true when this request is a retry of an answered one, which has then been answered (the first answer, or 422 when
 * the bytes differ); false when the handler goes on and stores.
 */
export function replayUpload(request: FastifyRequest, reply: FastifyReply, content: string): boolean {
  const first = earlier.get(request);
  if (!first) return false;
  earlier.delete(request);
  if (first.fingerprint !== contentFingerprint(request, content)) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_TEXTS.reused);
  void reply.code(first.status).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(first.body);
  return true;
}

/** Whether the handler of an `idempotent: 'content'` route is answering a retry (it reads the bytes, stores nothing). */
export const isUploadRetry = (request: FastifyRequest): boolean => earlier.has(request);

async function replayOrClaim(db: Db, request: FastifyRequest, reply: FastifyReply, byContent: boolean) {
  const key = request.headers[IDEMPOTENCY_HEADER];
  // The route's guard has admitted a member, or the route is public (no key is kept for visitors).
  if (typeof key !== 'string' || !request.user) return;
  const userId = request.user.id;
  const fingerprint = fingerprintOf(request);
  const now = Date.now();
  // A new key, or one whose answer has expired or whose request was abandoned, is this request's.
  const claimed = await queryRows<SqlRow<typeof idempotencyKeys, 'key'>>(db, sql`
    INSERT INTO idempotency_keys AS k (user_id, key, fingerprint) VALUES (${userId}, ${key}, ${fingerprint})
    ON CONFLICT (user_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, created_at = now()
    WHERE k.created_at < ${new Date(now - KEEP_MS).toISOString()}::timestamptz
      OR (k.status IS NULL AND k.created_at < ${new Date(now - ABANDONED_MS).toISOString()}::timestamptz)
    RETURNING k.key`);
  if (claimed.length) {
    claims.set(request, { userId, key });
    return;
  }
  const [first] = await queryRows<SqlRow<typeof idempotencyKeys, 'fingerprint' | 'status' | 'body'>>(db, sql`
    SELECT fingerprint, status, body FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`);
  // Gone between the two statements (a refused first request let it go): handled as new, without a key.
  if (!first) return;
  if (byContent && first.status !== null && first.body !== null) {
    earlier.set(request, { fingerprint: first.fingerprint, status: first.status, body: first.body });
    return;
  }
  if (first.fingerprint !== fingerprint) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_TEXTS.reused);
  if (first.status === null) throw conflict(IDEMPOTENCY_TEXTS.inProgress);
  return reply.code(first.status).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(first.body);
}

async function keepAnswer(db: Db, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const claim = claims.get(request);
  if (!claim) return payload;
  claims.delete(request);
  // Kept with the write (keepAnswerWithin): the transaction that stored the row stored its answer.
  if (claim.answered && reply.statusCode < 300) return payload;
  const ok = reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string';
  try {
    if (ok) {
      await db.execute(sql`UPDATE idempotency_keys SET status = ${reply.statusCode}, body = ${payload}
        WHERE user_id = ${claim.userId} AND key = ${claim.key}`);
    } else {
      await db.execute(sql`DELETE FROM idempotency_keys WHERE user_id = ${claim.userId} AND key = ${claim.key} AND status IS NULL`);
    }
  } catch (error) {
    // The answer still goes out; a retry then waits for the key to be abandoned, or is refused as in progress.
    request.log.error({ reason: (error as Error)?.name }, 'idempotency answer not kept');
  }
  return payload;
}

const toArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
