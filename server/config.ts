import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WRITE_LIMITS, WRITE_BUCKETS, type WriteBucket, type WriteLimits } from './lib/write-limits.ts';
import { SSL_MODES } from './lib/transport-tls.ts';

// The only place that reads process.env: everything else receives a Config.
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const positiveInt = z.coerce.number().int().positive();
// A CA certificate file (PEM) the app trusts for one connection: read at start, so a wrong path stops it at once.
const caFile = z.string().refine((file) => {
  try {
    return fs.readFileSync(file, 'utf8').includes('-----BEGIN CERTIFICATE-----');
  } catch {
    return false;
  }
}, 'must be a readable PEM certificate file').optional();
// libpq's modes this app gives their meaning (server/lib/transport-tls.ts); 'prefer' and 'allow' could fall back to
// plain text, so they are refused rather than read as something they are not.
const databaseUrl = z.url().refine((url) => {
  // Zod runs this even when the text is no URL at all; the URL check above names that.
  if (!URL.canParse(url)) return true;
  const mode = new URL(url).searchParams.get('sslmode');
  return mode === null || (SSL_MODES as readonly string[]).includes(mode);
}, `sslmode must be one of ${SSL_MODES.join(', ')}`);
// Which proxies may set X-Forwarded-*: a hop count, or their addresses / CIDRs (and proxy-addr's names such as
// 'loopback'). Never "all": then any client could choose its own address and walk past every per-address limit.
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (part: string) => {
  if (PROXY_NAMES.has(part)) return true;
  const [address, bits, extra] = part.split('/');
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};
// Per-member write limits: "posts=20/3600,comments=60/600" (count per window in seconds) overrides those defaults.
const writeLimits = z.string().transform((value, ctx): WriteLimits => {
  const limits = { ...DEFAULT_WRITE_LIMITS };
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z]+)=(\d+)\/(\d+)$/.exec(part);
    if (!match || !(WRITE_BUCKETS as readonly string[]).includes(match[1]) || Number(match[3]) < 1) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not bucket=count/seconds with a bucket among ${WRITE_BUCKETS.join(', ')}` });
      return z.NEVER;
    }
    limits[match[1] as WriteBucket] = { max: Number(match[2]), windowMs: Number(match[3]) * 1000 };
  }
  return limits;
});
const trustProxy = z.string().trim().transform((value, ctx): number | string[] | false => {
  if (value === 'false') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length && parts.every(isProxyAddress)) return parts;
  ctx.addIssue({ code: 'custom', message: 'a hop count (e.g. 1) or the proxies\' addresses or CIDRs, comma-separated' });
  return z.NEVER;
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  WEB_DIR: z.string().optional(),
  DATABASE_URL: databaseUrl.optional(),
  DATABASE_CA_FILE: caFile,
  DATABASE_POOL_SIZE: positiveInt.default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // Streaming replicas for reads that tolerate a little lag (docs/decisions/0215), comma-separated.
  DATABASE_REPLICA_URLS: z.string().transform((v) => v.split(',').map((u) => u.trim()).filter(Boolean)).pipe(z.array(z.url())).default([]),
  // After a member's write, that member's reads go to the primary for this long, on every node.
  REPLICA_STICKY_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  // A replica further behind is left out until it catches up; how often the lag is measured.
  REPLICA_MAX_LAG_MS: positiveInt.max(600_000).default(1000),
  REPLICA_CHECK_MS: positiveInt.max(60_000).default(250),
  REDIS_URL: z.url().optional(),
  REDIS_CA_FILE: caFile,
  SMTP_URL: z.url().optional(),
  SMTP_CA_FILE: caFile,
  // Refuse to send a mail over a connection that did not become TLS (STARTTLS is used whenever offered anyway).
  SMTP_REQUIRE_TLS: flag.default(false),
  MAIL_FROM: z.string().default('Thera Root <no-reply@thera-root.local>'),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(10).max(128).optional(),
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  SESSION_MAX_AGE_DAYS: positiveInt.default(30),
  SESSION_IDLE_HOURS: positiveInt.default(12),
  LOGIN_MAX_FAILS_PER_ACCOUNT: positiveInt.default(10),
  LOGIN_MAX_FAILS_PER_IP: positiveInt.default(100),
  LOGIN_WINDOW_MINUTES: positiveInt.default(15),
  REGISTER_MAX_PER_IP_HOUR: positiveInt.default(30),
  FORGOT_MAX_PER_EMAIL_HOUR: positiveInt.default(5),
  FORGOT_MAX_PER_IP_HOUR: positiveInt.default(30),
  CHAT_MAX_MESSAGES_PER_10S: positiveInt.default(30),
  SOCKETS_PER_USER: positiveInt.default(10),
  SOCKETS_PER_ADDRESS: positiveInt.default(50),
  SOCKET_EVENTS_PER_10S: positiveInt.default(200),
  MAX_CONNECTIONS: positiveInt.default(20_000),
  SOCKET_BACKLOG_KB: positiveInt.default(1024),
  FORUM_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // How long a signed-in read may reuse the session it looked up (docs/decisions/0069); 0 asks the database every time.
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  // How long a node may answer a member's unread notification count from memory (forgotten on every change it hears).
  UNREAD_COUNT_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  // Likewise for the referrals' navigation badge (docs/decisions/0092).
  REFERRAL_COUNTS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  // The first page of a member's notifications and referral boxes, forgotten by the same events; the time bounds what
  // no event names (an actor's or sender's new name).
  FIRST_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  COMMUNITY_ACTIVITY_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  // Searches that are the same for every reader (the forum's, the directory's, the top bar's, the referral ranking).
  SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  // The directory's featured therapists and totals: a burst of landing-page visits, yet a hidden member leaves soon.
  DIRECTORY_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(15_000),
  // Counts over a whole table (published resources per category, the administrators' referral figures).
  TOTALS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  // The planner's estimates of a search's matches, which change only with ANALYZE.
  SEARCH_ESTIMATES_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  // How long reading and rendering a member's screen on the server may take before the plain page is sent instead.
  MEMBER_PAGE_RENDER_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  // 1: load that renderer at start rather than at the first member page (about 50 MB more at rest).
  MEMBER_PAGES_EAGER: flag.default(false),
  READ_CACHE_MAX_MB: positiveInt.max(4096).default(64),
  READ_CACHE_MAX_KEYS: positiveInt.default(5000),
  WRITE_LIMITS: writeLimits.default(DEFAULT_WRITE_LIMITS),
  // Two-factor sign-in: administrators must enrol when set; wrong codes per account per login window;
  // the key that encrypts TOTP secrets at rest (32 bytes, base64), else a key file in DATA_DIR (one node only).
  ADMIN_REQUIRE_2FA: flag.default(false),
  MFA_MAX_FAILS_PER_ACCOUNT: positiveInt.default(5),
  // The key-encryption key of encryption at rest (server/lib/crypto): a file holding 32 bytes, base64. Default (the
  // embedded database) DATA_DIR/encryption.key, created at first start; required with DATABASE_URL, the same file on
  // every node. TWO_FACTOR_KEY (below) is only read once, to adopt the old two-factor key into the keyring.
  ENCRYPTION_KEY_FILE: z.string().min(1).optional(),
  TWO_FACTOR_KEY: z.base64().refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64').optional(),
  // How often each node looks for due jobs (server/lib/jobs.ts); 0 turns the poller off (tests run jobs themselves).
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  // The key of signed links (one-click unsubscribe); when unset, one is made once and kept in the database.
  APP_SECRET: z.string().min(32).optional(),
  // Web Push (docs/decisions/0205-web-push.md): VAPID keys (base64url, as web-push makes them), else a pair made at first
  // start and kept in the database; the subject push services may contact (mailto: or https:).
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL').optional(),
  // Hosts beyond the known push services' that subscriptions may name (comma-separated; "*.example.org" for subdomains).
  PUSH_ALLOWED_HOSTS: z.string().default(''),
  // Tests only: a push service on 127.0.0.1 / ::1 / localhost, and the PEM file of the CA its certificate comes from.
  PUSH_ALLOW_LOOPBACK: flag.default(false),
  PUSH_CA_FILE: z.string().optional(),
  // Pushes one device receives per minute at most; past it they are dropped (the next one replaces it on screen anyway).
  PUSH_PER_DEVICE_PER_MINUTE: positiveInt.default(20),
  // Whether a member has a push device, remembered per node (forgotten on every node when they add or lose one): a
  // chat message to, or a read by, a member without one then costs no statement (docs/decisions/0255).
  PUSH_DEVICES_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
  // SIGTERM: how long /readyz says 503 before the node stops accepting, and the most the whole stop may take.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  SHUTDOWN_GRACE_MS: positiveInt.max(3_600_000).default(15_000),
  // Documents (docs/decisions/0220): the largest upload, each member's storage quota, the pixel bound of
  // images (decompression bombs), and where files are kept: 'db' (the default) or 's3' (the default when S3_BUCKET is
  // set). Uploads per member per hour are the `files` write bucket (WRITE_LIMITS=files=60/3600).
  FILE_MAX_MB: positiveInt.max(1024).default(20),
  FILE_QUOTA_MB: positiveInt.default(1024),
  FILE_IMAGE_MAX_PIXELS: positiveInt.default(50_000_000),
  FILE_STORAGE: z.enum(['db', 's3']).optional(),
  // Decrypted image thumbnails kept in each node's memory (docs/decisions/0375): their total size, and how long one
  // stays unread before it goes. Access is still checked against the database on every request; 0 MB keeps none.
  THUMBNAIL_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(32),
  THUMBNAIL_CACHE_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  // Any S3-compatible service (README, Documents): AWS S3 (no endpoint), MinIO, Ceph, R2...
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Addresses as endpoint/bucket/key instead of bucket.endpoint/key: MinIO and most self-hosted servers need it.
  S3_FORCE_PATH_STYLE: flag.default(false),
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof EnvSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    production: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir,
    webDir: env.WEB_DIR ? path.resolve(env.WEB_DIR) : undefined,
    databaseUrl: env.DATABASE_URL,
    databaseCaFile: env.DATABASE_CA_FILE,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    // A statement running longer is stopped by PostgreSQL and answered 503: no request holds a connection for ever.
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    // Reads that tolerate lag (directory, forum lists, search, feeds, suggestions, counts) may go to these.
    replicas: { urls: env.DATABASE_REPLICA_URLS, stickyMs: env.REPLICA_STICKY_MS, maxLagMs: env.REPLICA_MAX_LAG_MS, checkMs: env.REPLICA_CHECK_MS },
    redisUrl: env.REDIS_URL,
    redisCaFile: env.REDIS_CA_FILE,
    smtpUrl: env.SMTP_URL,
    smtpTls: { caFile: env.SMTP_CA_FILE, required: env.SMTP_REQUIRE_TLS },
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    // Demo data goes only into the embedded database unless asked for explicitly.
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    // How long a forum page read for everyone keeps answering (docs/decisions/0040).
    forumCacheMs: env.FORUM_CACHE_MS,
    // A drawn member screen slower than this is sent plain (server/lib/member-page.ts).
    memberPageRenderMs: env.MEMBER_PAGE_RENDER_MS,
    memberPagesEager: env.MEMBER_PAGES_EAGER,
    // The bounds of the app's read cache (server/lib/read-cache.ts): whichever is reached first evicts.
    readCache: { maxBytes: env.READ_CACHE_MAX_MB * 1024 * 1024, maxKeys: env.READ_CACHE_MAX_KEYS },
    session: {
      maxAgeMs: env.SESSION_MAX_AGE_DAYS * 86_400_000, idleMs: env.SESSION_IDLE_HOURS * 3_600_000,
      // An administrator without two-factor sign-in may then only enrol (server/lib/auth.ts).
      adminRequireTwoFactor: env.ADMIN_REQUIRE_2FA,
      cacheMs: env.SESSION_CACHE_MS,
    },
    twoFactorKey: env.TWO_FACTOR_KEY,
    encryptionKeyFile: env.ENCRYPTION_KEY_FILE ? path.resolve(env.ENCRYPTION_KEY_FILE) : undefined,
    limits: {
      loginFailsPerAccount: env.LOGIN_MAX_FAILS_PER_ACCOUNT,
      loginFailsPerIp: env.LOGIN_MAX_FAILS_PER_IP,
      loginWindowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
      registerPerIpHour: env.REGISTER_MAX_PER_IP_HOUR,
      forgotPerEmailHour: env.FORGOT_MAX_PER_EMAIL_HOUR,
      forgotPerIpHour: env.FORGOT_MAX_PER_IP_HOUR,
      mfaFailsPerAccount: env.MFA_MAX_FAILS_PER_ACCOUNT,
      chatMessagesPer10s: env.CHAT_MAX_MESSAGES_PER_10S,
      // Sockets open at once (per user across nodes with Redis; per address on each node) and socket events per user.
      sockets: { perUser: env.SOCKETS_PER_USER, perAddress: env.SOCKETS_PER_ADDRESS, eventsPer10s: env.SOCKET_EVENTS_PER_10S },
      // What clients that do not play along can make a node hold (server/lib/connection-limits.ts).
      connections: { maxConnections: env.MAX_CONNECTIONS, maxSocketBacklogBytes: env.SOCKET_BACKLOG_KB * 1024 },
      writes: env.WRITE_LIMITS,
    },
    jobsPollMs: env.JOBS_POLL_MS,
    unreadCountCacheMs: env.UNREAD_COUNT_CACHE_MS,
    referralCountsCacheMs: env.REFERRAL_COUNTS_CACHE_MS,
    firstPageCacheMs: env.FIRST_PAGE_CACHE_MS,
    communityActivityCacheMs: env.COMMUNITY_ACTIVITY_CACHE_MS,
    searchCacheMs: env.SEARCH_CACHE_MS,
    directoryCacheMs: env.DIRECTORY_CACHE_MS,
    totalsCacheMs: env.TOTALS_CACHE_MS,
    searchEstimatesCacheMs: env.SEARCH_ESTIMATES_CACHE_MS,
    // The drain counts towards the grace period: a drain as long as the grace would leave nothing to finish requests.
    shutdown: { drainMs: Math.min(env.SHUTDOWN_DRAIN_MS, Math.floor(env.SHUTDOWN_GRACE_MS / 2)), graceMs: env.SHUTDOWN_GRACE_MS },
    appSecret: env.APP_SECRET,
    files: {
      storage: env.FILE_STORAGE ?? (env.S3_BUCKET ? 's3' : 'db') as 'db' | 's3',
      s3: env.S3_BUCKET
        ? {
          endpoint: env.S3_ENDPOINT, bucket: env.S3_BUCKET, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY, forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
        : undefined,
      maxBytes: env.FILE_MAX_MB * 1024 * 1024,
      quotaBytes: env.FILE_QUOTA_MB * 1024 * 1024,
      maxPixels: env.FILE_IMAGE_MAX_PIXELS,
      thumbnailCache: { maxBytes: env.THUMBNAIL_CACHE_MB * 1024 * 1024, ttlMs: env.THUMBNAIL_CACHE_MS },
    },
    push: {
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY,
      vapidSubject: env.VAPID_SUBJECT ?? (env.PUBLIC_URL?.startsWith('https://') ? env.PUBLIC_URL : 'mailto:no-reply@thera-root.local'),
      allowedHosts: env.PUSH_ALLOWED_HOSTS.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
      allowLoopback: env.PUSH_ALLOW_LOOPBACK,
      caFile: env.PUSH_CA_FILE,
      perDevicePerMinute: env.PUSH_PER_DEVICE_PER_MINUTE,
      devicesCacheMs: env.PUSH_DEVICES_CACHE_MS,
    },
  };
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  if (parsed.data.DATABASE_REPLICA_URLS.length && !parsed.data.DATABASE_URL) {
    throw new ConfigError('Invalid environment variable DATABASE_REPLICA_URLS: replicas need DATABASE_URL (the embedded database has none)');
  }
  // Nodes of one PostgreSQL database must share the key file: none may make its own.
  if (parsed.data.FILE_STORAGE === 's3' && !parsed.data.S3_BUCKET) {
    throw new ConfigError('Invalid environment variable FILE_STORAGE: s3 needs S3_BUCKET (and S3_ENDPOINT unless it is AWS S3)');
  }
  if (parsed.data.DATABASE_URL && !parsed.data.ENCRYPTION_KEY_FILE) {
    throw new ConfigError('ENCRYPTION_KEY_FILE is required with DATABASE_URL: the file holding the key that encrypts data at rest (see README, Configuration)');
  }
  return toConfig(parsed.data);
}

/** A config for tests: defaults plus overrides, never the real environment. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  // Forum pages are only shared while a read runs: tests write rows directly and read them back at once.
  // Tests write far faster than people: write limits are tested on their own (server/lib/write-limits.test.ts).
  const unlimitedWrites = 'posts=100000/60,comments=100000/60,likes=100000/60,communities=100000/60,resources=100000/60,conversations=100000/60,files=100000/60,other=100000/60';
  // Sessions likewise: tests change members' rows directly and expect the next read to see it (the session cache has
  // its own tests, server/lib/session-cache.test.ts).
  // One key file for every test database (each has its own data keys): apps built on one database in one test must
  // share it, whatever DATA_DIR each was given.
  const keyFile = path.join(os.tmpdir(), 'thera-test-encryption.key');
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ENCRYPTION_KEY_FILE: keyFile, FORUM_CACHE_MS: '0', SESSION_CACHE_MS: '0', UNREAD_COUNT_CACHE_MS: '0', REFERRAL_COUNTS_CACHE_MS: '0', FIRST_PAGE_CACHE_MS: '0', COMMUNITY_ACTIVITY_CACHE_MS: '0', JOBS_POLL_MS: '0', WRITE_LIMITS: unlimitedWrites, ...overrides });
}
