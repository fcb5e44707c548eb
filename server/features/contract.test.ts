// The route contract (docs/conventions.md), checked on every feature route as Fastify registers it: a response schema
// on each, and access decided in onRequest (never preValidation or preHandler) on each route that is not public.
import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App, AppContext } from '../context.ts';
import { features } from './index.ts';

// Routes a visitor may call; every other route needs a guard.
const PUBLIC = [
  'POST /api/users/register', 'POST /api/users/login', 'POST /api/users/forgot-password', 'POST /api/users/reset-password/:token',
  'POST /api/users/login/2fa', 'POST /api/users/confirm-email',
  'GET /api/users', 'GET /api/communities', 'GET /api/communities/search', 'GET /api/communities/:id',
  'GET /api/resources', 'GET /api/resources/search', 'GET /api/users/:id/avatar/:file',
  'GET /api/notifications/unsubscribe', 'POST /api/notifications/unsubscribe',
  // Signing in with a passkey, alone or as the second step (the password step's token is its credential).
  'POST /api/users/login/passkey/options', 'POST /api/users/login/passkey',
  'POST /api/users/login/2fa/passkey/options', 'POST /api/users/login/2fa/passkey',
  // The key a browser subscribes to pushes with, asked before any sign-in is needed.
  'GET /api/push/public-key',
  // A consultation-group calendar feed: the private token in its URL is the credential (calendar apps poll it).
  'GET /api/groups/calendar/:token.ics',
  // Group practices are public, as the therapist directory is.
  'GET /api/practices', 'GET /api/practices/:id', 'GET /api/practices/:id/logo/:file',
];

async function registeredRoutes(): Promise<RouteOptions[]> {
  const routes: RouteOptions[] = [];
  const app = Fastify();
  app.addHook('onRoute', (route) => void routes.push(route));
  // Registering needs no database: handlers and hooks only run on requests.
  const ctx = { db: {}, config: { forumCacheMs: 0, files: { maxBytes: 1 } } } as unknown as AppContext;
  for (const feature of features) await feature.routes(app as unknown as App, ctx);
  return routes.filter((route) => route.method !== 'HEAD');
}

const hooks = (value: unknown) => (Array.isArray(value) ? value : value ? [value] : []);
const name = (route: RouteOptions) => `${route.method} ${route.url}`;

describe('the route contract', async () => {
  const routes = await registeredRoutes();

  it('finds every feature route', () => {
    expect(routes.length).toBeGreaterThanOrEqual(53);
    for (const route of PUBLIC) expect(routes.map(name)).toContain(route);
  });

  it('gives every route a response schema', () => {
    const without = routes.filter((route) => Object.keys(route.schema?.response ?? {}).length === 0).map(name);
    expect(without).toEqual([]);
  });

  it('guards every route that is not public in onRequest, and checks access nowhere later', () => {
    const unguarded = routes.filter((route) => !PUBLIC.includes(name(route)) && hooks(route.onRequest).length === 0).map(name);
    expect(unguarded).toEqual([]);
    const late = routes.filter((route) => hooks(route.preValidation).length > 0 || hooks(route.preHandler).length > 0).map(name);
    expect(late).toEqual([]);
  });
});
