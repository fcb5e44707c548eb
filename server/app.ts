import crypto from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { App, AppContext, Deps } from './context.ts';
import { registerAuth } from './lib/auth.ts';
import { localText, registerLocale } from './lib/i18n.ts';
import { createCaches } from './lib/caches.ts';
import { createJobQueue } from './lib/jobs.ts';
import { readSetting } from './lib/platform-settings.ts';
import { registerIdempotency, registerIdempotencyCleanup } from './lib/idempotency.ts';
import { dropSlowConsumers, limitConnections } from './lib/connection-limits.ts';
import { proxyTrust } from './lib/client-address.ts';
import { AppError, frameworkErrors, notFound, registerErrorHandling } from './lib/errors.ts';
import { registerOpenApi, tagApiRoutes } from './lib/openapi.ts';
import { logSerializers } from './lib/log-safety.ts';
import { createRealtime } from './lib/realtime.ts';
import { registerInputGuard } from './lib/input-safety.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { registerWriteLimits } from './lib/write-limits.ts';
import { registerReadRouting } from './lib/read-routing.ts';
import { encodedDrawnPage, encodedPage, isPageRequest, registerWeb } from './lib/web.ts';
import { hasMemberHint } from './lib/web-preload.ts';
import { memberPages } from './lib/member-page.ts';
import { featureRealtime, features } from './features/index.ts';
import { registerAuditContext } from './lib/audit-context.ts';
import { openKeyring } from './lib/crypto/keyring.ts';
import { SERVER_GENERAL } from './lib/texts/general.ts';
import { registerConfirmations } from './lib/texts/index.ts';

const ONE_MB = 1024 * 1024;
// At close, how long socket events already being handled may take to acknowledge before the sockets are closed.
const SOCKET_SETTLE_MS = 1000;

/** A ready Fastify instance (not listening); tests build one per file. */
export async function buildApp(deps: Deps): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(deps),
    // Fastify's own two lines per request are replaced by the single line of registerRequestLog.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: ONE_MB,
    trustProxy: proxyTrust(deps.config.trustProxy),
    genReqId: (req) => String(req.headers['x-request-id'] ?? crypto.randomUUID()).slice(0, 64),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    // Half-open connections are looked for every 2 s (Node's default is 30 s): their time limits are in limitConnections.
    http: { connectionsCheckingInterval: 2000 },
    // Refused during close by registerHealth's hook instead, with the `{msg, code}` every refusal has.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerAuditContext(app);
  // The keys of encryption at rest, unwrapped before any route can read or write what they protect.
  const keyring = deps.keyring ?? await openKeyring(deps.db, deps.config);
  app.addHook('onClose', async () => keyring.stop());
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerInputGuard(app);
  registerRequestLog(app);
  const tagRoutes = tagApiRoutes(app);
  registerIdempotency(app, deps.db);
  await app.register(compress, { threshold: 1024, global: true });
  // Every cache of this node, declared in one place; an event published by a service clears them on every node.
  const caches = createCaches(deps.config);
  // The administrators' sign-in policy applies on every node: read through the shared cache, cleared by settings.changed.
  const settingsCtx = { db: deps.db, cache: caches.shared, caches, config: deps.config };
  const sessionPolicy = { ...deps.config.session, current: () => readSetting(settingsCtx, 'securityPolicy') };
  registerAuth(app, deps.db, sessionPolicy, caches.sessions);
  registerLocale(app);
  registerConfirmations(app);
  await registerOpenApi(app, features);
  registerWriteLimits(app, deps.limiter, deps.config.limits.writes);

  const realtime = createRealtime(app.server, {
    db: deps.db, session: sessionPolicy, redis: deps.redis, log: app.log.child({ module: 'realtime' }),
    limits: deps.config.limits.sockets, trustProxy: deps.config.trustProxy,
  });
  limitConnections(app.server, deps.config.limits.connections);
  dropSlowConsumers(realtime.io, deps.config.limits.connections.maxSocketBacklogBytes);
  caches.connect(realtime);
  const jobs = createJobQueue(deps.db, app.log.child({ module: 'jobs' }));
  app.decorate('jobs', jobs);
  registerIdempotencyCleanup(deps.db, jobs);
  const ctx: AppContext = { ...deps, realtime, cache: caches.shared, caches, jobs };
  app.addHook('onReady', (done) => {
    jobs.start(deps.config.jobsPollMs);
    done();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  app.addHook('onClose', (_instance, done) => {
    caches.close();
    done();
  });
  app.addHook('preClose', async () => {
    // Events being handled get to acknowledge first (briefly: new ones keep coming until the sockets close).
    await Promise.race([realtime.settled(), new Promise((resolve) => setTimeout(resolve, SOCKET_SETTLE_MS).unref())]);
    // Each connection is closed under its socket ("transport close"), which a client answers by reconnecting, through
    // the load balancer to another node. A server-side disconnect ("io server disconnect", as at logout) would leave it
    // disconnected for good. Only this node's: the engine holds this node's connections alone.
    realtime.io.engine.close();
  });

  registerHealth(app, deps);
  registerReadRouting(app, ctx);
  for (const feature of features) await tagRoutes(feature.name, () => feature.routes(app, ctx));
  for (const register of featureRealtime) register(ctx);

  const pageHtml = await registerWeb(app, deps.webDir);
  const drawMemberPage = pageHtml && deps.webDir ? memberPages(app, deps.webDir, {
    boundMs: deps.pageRenderMs ?? deps.config.memberPageRenderMs, eager: deps.config.memberPagesEager,
  }) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    if (pageHtml && isPageRequest(request.method, request.url)) {
      const pathname = request.url.split('?')[0];
      const drawn = await drawMemberPage?.(request, reply);
      if (drawn) {
        // Drawn for this member, now: never stored.
        const { body, encoding } = await encodedDrawnPage(pageHtml(pathname, { drawn }), request.headers['accept-encoding']);
        if (encoding) reply.header('Content-Encoding', encoding);
        return reply.header('Cache-Control', 'private, no-store').header('Vary', 'Accept-Encoding, Cookie, Accept-Language')
          .type('text/html; charset=utf-8').send(body);
      }
      // In the request's language (the cookie's choice, else Accept-Language): the landing page drawn in it, and its
      // <html lang> (docs/decisions/0271).
      const html = pageHtml(pathname, { member: hasMemberHint(request.headers.cookie), locale: request.locale });
      const { body, encoding } = encodedPage(html, request.headers['accept-encoding']);
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Cookie, Accept-Language')
        .type('text/html; charset=utf-8').send(body);
    }
    throw notFound(localText(SERVER_GENERAL.noEndpoint, { method: request.method, path: request.url.split('?')[0] }));
  });
  return app;
}

function loggerOptions(deps: Deps) {
  const { logLevel, production } = deps.config;
  if (logLevel === 'silent') return false;
  const safe = { level: logLevel, serializers: logSerializers };
  if (deps.logStream) return { ...safe, stream: deps.logStream };
  if (production) return safe;
  return { ...safe, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } };
}

/** One line per request: id, route pattern (never the raw URL, which may hold a token), status, time. */
function registerRequestLog(app: App): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({
      reqId: request.id,
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    }, 'request');
  });
}

const draining = new WeakSet<object>();
const closing = new WeakSet<object>();
const SHUTTING_DOWN = 'This server is shutting down. Please try again.';

/**
 * The node is stopping (SIGTERM): /readyz answers 503 from now on, so a load balancer's health check takes it out of
 * rotation while it still serves what reaches it (server/main.ts waits SHUTDOWN_DRAIN_MS before closing).
 */
export const startDraining = (app: App): void => void draining.add(app);

function registerHealth(app: App, deps: Deps): void {
  // While draining, each answer closes its keep-alive connection: the client's next request opens a new one, through
  // the balancer to another node, instead of racing the close of an idle connection (a POST lost on the way).
  app.addHook('onSend', async (_request, reply) => {
    if (draining.has(app)) reply.header('connection', 'close');
  });
  // Once closing, a request still arriving on an open connection is new work: refused, for the client to retry elsewhere.
  app.addHook('preClose', (done) => {
    closing.add(app);
    done();
  });
  app.addHook('onRequest', async () => {
    if (closing.has(app)) throw new AppError(503, 'UNAVAILABLE', SHUTTING_DOWN);
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async () => {
    if (draining.has(app)) throw new AppError(503, 'UNAVAILABLE', SHUTTING_DOWN);
    try {
      await deps.db.execute(sql`SELECT 1`);
      return { status: 'ready' };
    } catch {
      throw new AppError(503, 'UNAVAILABLE', 'Database unreachable.');
    }
  });
}
