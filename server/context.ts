import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { ReplicaSet } from './db/replicas.ts';
import type { JobQueue } from './lib/jobs.ts';
import type { Keyring } from './lib/crypto/keyring.ts';
import type { Mailer } from './lib/mail.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import type { Caches } from './lib/caches.ts';
import type { ReadCache } from './lib/read-cache.ts';
import type { Realtime } from './lib/realtime.ts';

/** What buildApp needs from the outside world; tests pass their own. */
export type Deps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Present when REDIS_URL is set: socket.io adapter and presence across nodes. */
  redis?: { pub: Redis; sub: Redis };
  /** Present with DATABASE_REPLICA_URLS: where `reads(ctx, request)` sends reads that tolerate lag (lib/read-routing.ts). */
  replicas?: ReplicaSet;
  /** Serve the built web app from this folder when it exists. */
  webDir?: string;
  /** How long a member's page may take to read and render before it is sent plain (server/lib/member-page.ts). */
  pageRenderMs?: number;
  /** Where JSON log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
  /** The keys of encryption at rest, when the caller opened them already (server/main.ts); else buildApp opens them. */
  keyring?: Keyring;
  /** The clock of rules that depend on time passing (referral expiry); tests pass a controlled one. Default: real time. */
  now?: () => Date;
};

/**
 * What every feature's routes and realtime handlers receive; `cache` is the app's one read cache (decision 0040),
 * `caches` every cache of the node and the events that clear them (decision 0143), `jobs` the job queue (decision
 * 0057): register handlers while registering routes.
 */
export type AppContext = Deps & { realtime: Realtime; cache: SharedReads; caches: Caches; jobs: JobQueue };

/** The shared read cache as services see it: they read; what they write is cleared by the events they publish. */
type SharedReads = Pick<ReadCache, 'read' | 'stats'>;

/** Publishing the events that clear caches (decision 0143): what a service that writes needs of `caches`. */
type CacheEvents = { caches: Pick<Caches, 'publish'> };

/** The part of the context a service reading through the cache needs: an AppContext is one, a test may build one. */
export type ServiceContext = Pick<AppContext, 'db' | 'config' | 'cache'> & CacheEvents;

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
