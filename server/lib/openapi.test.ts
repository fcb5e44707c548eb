import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type HTTPMethods } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { IdParams, MessageResponse } from '../../common/ids.ts';
import packageJson from '../../package.json' with { type: 'json' };
import type { App } from '../context.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { DESCRIPTION_PATH, REFERENCE_PATH, SESSION_SCHEME, registerOpenApi, tagApiRoutes } from './openapi.ts';

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; schema?: Schema };
type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Description = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  tags: { name: string }[];
  components: { securitySchemes: Record<string, Schema> };
  paths: Record<string, Record<string, Operation>>;
};

const FEATURES = [
  'accounts', 'therapists', 'forums', 'resources', 'activity', 'chat', 'admin', 'moderation', 'referrals', 'privacy', 'notifications',
  'onboarding', 'search',
];
const SOME_ID = '00000000-0000-4000-8000-000000000000';

function operations(description: Description): { name: string; path: string; method: string; operation: Operation }[] {
  return Object.entries(description.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, method, operation })));
}

/** Every operation that lacks part of its contract, as "METHOD /path: what is missing". */
function undocumented(description: Description): string[] {
  const tags = new Set(description.tags.map((tag) => tag.name));
  return operations(description).flatMap(({ name, path, operation }) => {
    const missing = [...undocumentedParams(path, operation)];
    if (!hasSuccessSchema(operation)) missing.push('no success response schema');
    if (operation.tags?.length !== 1 || !tags.has(operation.tags[0])) missing.push('not tagged with its feature');
    return missing.map((what) => `${name}: ${what}`);
  });
}

// Without a params schema @fastify/swagger still lists each path parameter, as a bare string: a declared one is bounded.
function undocumentedParams(path: string, operation: Operation): string[] {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  return names.filter((name) => {
    const schema = operation.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
    return !['maxLength', 'format', 'pattern', 'enum'].some((keyword) => keyword in schema);
  }).map((name) => `path parameter {${name}} has no schema of its own`);
}

function hasSuccessSchema(operation: Operation): boolean {
  return Object.entries(operation.responses).some(([status, response]) =>
    status.startsWith('2') && Object.values(response.content ?? {}).some((media) => media.schema !== undefined));
}

describe('the API description of the real app', () => {
  let ctx: TestContext;
  let description: Description;
  beforeAll(async () => {
    ctx = await createTestContext();
    const res = await ctx.app.inject({ url: DESCRIPTION_PATH });
    expect(res.statusCode).toBe(200);
    description = res.json();
  });
  afterAll(() => ctx.close());

  it('is a valid OpenAPI 3.1 document with the API info, the session scheme and one tag per feature', async () => {
    // A copy: the validator is free to rewrite what it is given, and the other tests read this document.
    const result = await new Validator().validate(structuredClone(description));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(description.openapi).toBe('3.1.0');
    expect(description.info).toMatchObject({ title: 'Thera Root API', version: packageJson.version });
    expect(description.servers).toEqual([{ url: '/' }]);
    expect(description.components.securitySchemes[SESSION_SCHEME]).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-auth-token' });
    expect(description.tags.map((tag) => tag.name)).toEqual(FEATURES);
  });

  it('describes the /api routes of every feature, not the description and the reference themselves', () => {
    const paths = Object.keys(description.paths);
    expect(new Set(operations(description).flatMap(({ operation }) => operation.tags ?? []))).toEqual(new Set(FEATURES));
    expect(paths.filter((path) => !path.startsWith('/api/') || path === DESCRIPTION_PATH || path.startsWith(REFERENCE_PATH))).toEqual([]);
  });

  it('documents the path parameters and a success response schema of every route, and tags it with its feature', () => {
    const problems = undocumented(description);
    expect(problems, `Routes without a documented request or response:\n  ${problems.join('\n  ')}\n`).toEqual([]);
  });

  it('asks for the session token exactly where a request without one is refused with 401', async () => {
    const wrong: string[] = [];
    for (const { name, path, method, operation } of operations(description)) {
      const res = await ctx.app.inject({ method: method.toUpperCase() as HTTPMethods, url: path.replace(/\{\w+\}/g, SOME_ID) });
      const declared = operation.security?.some((requirement) => SESSION_SCHEME in requirement) ?? false;
      if (declared !== (res.statusCode === 401)) wrong.push(`${name}: ${declared ? 'declares' : 'does not declare'} the session, answers ${res.statusCode}`);
    }
    expect(wrong, `Routes whose security does not match their guard:\n  ${wrong.join('\n  ')}\n`).toEqual([]);
  });

  it('serves the reference from this origin, under the strict CSP of every other page', async () => {
    const page = await ctx.app.inject({ url: REFERENCE_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe((await ctx.app.inject({ url: '/api/resources' })).headers['content-security-policy']);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.body).not.toMatch(/https?:\/\//);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset.startsWith(`${REFERENCE_PATH}/static/`), asset).toBe(true);
      expect((await ctx.app.inject({ url: asset })).statusCode, asset).toBe(200);
    }
  });
});

/** The description of a bare app holding only the routes `register` adds, as buildApp would describe them. */
async function describeSample(register: (app: App) => void): Promise<Description> {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const tagRoutes = tagApiRoutes(app);
  await app.register(compress, { global: true });
  await registerOpenApi(app, [{ name: 'samples', description: 'Routes for this test.' }]);
  await tagRoutes('samples', () => register(app));
  app.get('/api/untagged', { schema: { response: { 200: MessageResponse } } }, async () => ({ msg: 'ok' }));
  const description: Description = (await app.inject({ url: DESCRIPTION_PATH })).json();
  await app.close();
  return description;
}

describe('the description of sample routes', () => {
  const ok = { response: { 200: MessageResponse } };
  const guard = async () => undefined;

  it('names each route that lacks a documented request or response, even one that asked to be hidden', async () => {
    const description = await describeSample((app) => {
      app.get('/api/documented/:id', { schema: { params: IdParams, ...ok } }, async () => ({ msg: 'ok' }));
      app.get('/api/no-response', async () => ({ msg: 'ok' }));
      app.get('/api/errors-only', { schema: { response: { 404: MessageResponse } } }, async () => ({ msg: 'ok' }));
      app.get('/api/bare-param/:id', { schema: ok }, async () => ({ msg: 'ok' }));
      app.get('/api/hidden', { schema: { hide: true, querystring: z.object({ q: z.string().max(10) }) } }, async () => ({ msg: 'ok' }));
    });
    expect(undocumented(description).sort()).toEqual([
      'GET /api/bare-param/{id}: path parameter {id} has no schema of its own',
      'GET /api/errors-only: no success response schema',
      'GET /api/hidden: no success response schema',
      'GET /api/no-response: no success response schema',
      'GET /api/untagged: not tagged with its feature',
    ]);
  });

  it('asks for the session token on the routes with their own onRequest guard only, whatever hooks plugins add', async () => {
    const description = await describeSample((app) => {
      app.get('/api/guarded', { onRequest: guard, schema: ok }, async () => ({ msg: 'ok' }));
      app.get('/api/public', { schema: ok }, async () => ({ msg: 'ok' }));
    });
    expect(description.paths['/api/guarded'].get.security).toEqual([{ [SESSION_SCHEME]: [] }]);
    expect(description.paths['/api/public'].get.security).toBeUndefined();
  });
});
