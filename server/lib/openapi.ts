import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { onRequestHookHandler } from 'fastify';
import packageJson from '../../package.json' with { type: 'json' };
import type { App } from '../context.ts';
import { adminOnly, authenticated, verified } from './auth.ts';
import { FORBIDDEN_KEY, completeDescription, type RefusalName } from './openapi-document.ts';

export const DESCRIPTION_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/docs';
export const SESSION_SCHEME = 'sessionToken';

export type ApiTag = { name: string; description: string };

/** Tags every route that `registerRoutes` adds with `tag`. */
export type TagRoutes = (tag: string, registerRoutes: () => void | Promise<void>) => Promise<void>;

/**
 * Serves the OpenAPI 3.1 description of every /api route at DESCRIPTION_PATH and its reference at REFERENCE_PATH,
 * both from this origin. Call before the features' routes: they are collected as they are added.
 */
export async function registerOpenApi(app: App, tags: readonly ApiTag[]): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Thera Root API',
        version: packageJson.version,
        description: 'Errors are `{ "msg": "...", "code": "..." }` with the HTTP status: `msg` for people, `code` (common/errors.ts) for programs. Sign in with `POST /api/users/login` and send '
          + 'its token in the `x-auth-token` header.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: { type: 'apiKey', in: 'header', name: 'x-auth-token', description: 'The token from sign-in.' },
        },
      },
      tags: tags.map(({ name, description }) => ({ name, description })),
    },
    transform: describeRoute,
    transformObject: (document) => completeDescription((document as { openapiObject: Parameters<typeof completeDescription>[0] }).openapiObject),
  });
  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PATH,
    // Without the standalone top bar there is no box for loading a description from another host.
    uiConfig: { layout: 'BaseLayout', deepLinking: true },
    theme: { title: 'Thera Root API reference' },
  });
  app.get(DESCRIPTION_PATH, { schema: { hide: true } }, async () => app.swagger());
}

/**
 * Tags each /api route with the feature being registered, and marks the guarded ones as needing a session (and which
 * 403 their guard may answer, see openapi-document.ts). Call before
 * any plugin that adds hooks to routes (compress does): by the house rule a route's own onRequest hook is its access
 * guard (docs/conventions.md), so it must be read before others join it.
 */
export function tagApiRoutes(app: App): TagRoutes {
  let currentTag: string | undefined;
  // onRoute runs synchronously as each route is added, so the tag of the feature being registered is the current one.
  app.addHook('onRoute', (route) => {
    if (!isApiOperation(route.url)) return;
    const guards = [route.onRequest ?? []].flat();
    const forbidden = forbiddenBy(guards);
    route.schema = {
      ...route.schema,
      ...(currentTag && { tags: [currentTag] }),
      ...(guards.length > 0 && { security: [{ [SESSION_SCHEME]: [] }] }),
      ...(forbidden && { [FORBIDDEN_KEY]: forbidden }),
    };
  });
  return async (tag, registerRoutes) => {
    currentTag = tag;
    try {
      await registerRoutes();
    } finally {
      currentTag = undefined;
    }
  };
}

/**
 * The 403 a route's guards may answer: none for `authenticated`; a feature's own guard is built on requireVerified or
 * requireAdmin and may add a refusal of its own (referrals refuse administrators), hence Forbidden.
 */
function forbiddenBy(guards: onRequestHookHandler[]): RefusalName | undefined {
  if (guards.length === 0 || guards.every((guard) => guard === authenticated)) return undefined;
  if (guards.every((guard) => guard === verified)) return 'NotVerified';
  if (guards.every((guard) => guard === adminOnly)) return 'AdminsOnly';
  return 'Forbidden';
}

/** Every /api route but the description's and the reference's own. */
function isApiOperation(url: string): boolean {
  return url.startsWith('/api/') && url !== DESCRIPTION_PATH && !url.startsWith(REFERENCE_PATH);
}

const zodToOpenApi = createJsonSchemaTransform({ skipList: [] });

// An API route cannot leave the description with `hide`: the coverage test could not see it then.
const describeRoute: SwaggerTransform = (document) => {
  if (!isApiOperation(document.url)) return { schema: { hide: true }, url: document.url };
  return zodToOpenApi({ ...document, schema: { ...document.schema, hide: false } });
};
