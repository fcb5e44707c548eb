import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type HTTPMethods } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { IdParams, MessageResponse } from '../../common/ids.ts';
import packageJson from '../../package.json' with { type: 'json' };
import type { App } from '../context.ts';
import { createAdmin, createUser, type TestUser } from '../test/factories.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { adminOnly, authenticated, verified } from './auth.ts';
import { DESCRIPTION_PATH, REFERENCE_PATH, SESSION_SCHEME, registerOpenApi, tagApiRoutes } from './openapi.ts';
import { OPERATIONS } from './openapi-operations.ts';

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; schema?: Schema };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>;
};
type Refusal = { content: { 'application/json': { schema: { allOf: [unknown, { properties: { code: { enum: string[] } } }] } } } };
type Description = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  tags: { name: string }[];
  components: { securitySchemes: Record<string, Schema>; responses: Record<string, Refusal> };
  paths: Record<string, Record<string, Operation>>;
};

const FEATURES = [
  'accounts', 'therapists', 'forums', 'resources', 'activity', 'chat', 'admin', 'moderation', 'referrals', 'groups', 'practices', 'privacy', 'privacy-check',
  'notifications',
  'onboarding', 'search', 'files',
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

/** The codes the description lets an operation answer with this status, or undefined where it declares no such answer. */
function declaredCodes(description: Description, operation: Operation, status: number): string[] | undefined {
  const ref = operation.responses[status]?.$ref;
  if (!ref) return undefined;
  const refusal = description.components.responses[ref.replace('#/components/responses/', '')];
  return refusal.content['application/json'].schema.allOf[1].properties.code.enum;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
type LintReport = { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };

/**
 * Redocly CLI's lint of `description` with the repository's redocly.yaml and ignore file, offline: the description is
 * written as openapi.json beside copies of both, since the ignore file names the linted file relative to itself.
 */
function redoclyLint(description: Description): { status: number | null; report?: LintReport; stderr: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-openapi-'));
  try {
    fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(description));
    for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
    const result = spawnSync(process.execPath, [REDOCLY, 'lint', '--config=redocly.yaml', '--format=json', '--max-problems=1000', 'openapi.json'], {
      cwd: dir, encoding: 'utf8', timeout: 60_000,
      // No telemetry and no update check (redocly.yaml says so too): the lint must not reach for the network.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = result.stdout.trim().startsWith('{') ? JSON.parse(result.stdout) as LintReport : undefined;
    return { status: result.status, report, stderr: result.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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

  it('names every operation with an operationId and a summary from openapi-operations.ts, each id once', () => {
    const names = operations(description).map(({ name }) => name);
    const unnamed = operations(description).filter(({ operation }) => !operation.operationId || !operation.summary).map(({ name }) => name);
    expect(unnamed, `Operations without an entry in server/lib/openapi-operations.ts (add one for each):\n  ${unnamed.join('\n  ')}\n`).toEqual([]);
    const stale = Object.keys(OPERATIONS).filter((key) => !names.includes(key));
    expect(stale, `Entries of server/lib/openapi-operations.ts that no route has:\n  ${stale.join('\n  ')}\n`).toEqual([]);
    const ids = Object.values(OPERATIONS).map((entry) => entry.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index), 'operationIds used twice').toEqual([]);
  });

  it('says `security: []` on every operation a visitor may call', () => {
    const undeclared = operations(description).filter(({ operation }) => !operation.security).map(({ name }) => name);
    expect(undeclared).toEqual([]);
  });

  it("passes Redocly CLI's recommended rules with no error or warning, offline", () => {
    const { status, report, stderr } = redoclyLint(description);
    const problems = (report?.problems ?? []).map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems, `Redocly found:\n  ${problems.join('\n  ')}\n`).toEqual([]);
    expect(report?.totals, stderr).toMatchObject({ errors: 0, warnings: 0 });
    expect(status, stderr).toBe(0);
  }, 90_000);

  it('declares each refusal that a visitor, a pending member, a member and an administrator hear, with its code', async () => {
    const callers: [string, TestUser | undefined][] = [
      ['a visitor', undefined],
      ['a pending member', await createUser(ctx.db, { status: 'pending' })],
      ['a member', await createUser(ctx.db)],
      ['an administrator', await createAdmin(ctx.db)],
    ];
    // Signing out ends the caller's session: it goes last, so every other operation is tried while signed in.
    const all = operations(description).sort((a, b) => Number(a.name === 'POST /api/users/logout') - Number(b.name === 'POST /api/users/logout'));
    const wrong: string[] = [];
    for (const [who, user] of callers) {
      for (const { name, path, method, operation } of all) {
        const res = await ctx.app.inject({
          method: method.toUpperCase() as HTTPMethods, url: path.replace(/\{\w+\}/g, SOME_ID), headers: user?.headers ?? {},
        });
        if (res.statusCode < 400 || res.statusCode >= 500) continue;
        const { code } = res.json();
        const codes = declaredCodes(description, operation, res.statusCode);
        if (!codes?.includes(code)) wrong.push(`${name} for ${who}: answers ${res.statusCode} ${code}, declares ${codes?.join(', ') ?? 'no such status'}`);
      }
    }
    expect(wrong, `Refusals the description does not declare:\n  ${wrong.join('\n  ')}\n`).toEqual([]);
  }, 120_000); // About 480 requests: 2 to 4 s, given room for a busy machine.

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
    expect(description.paths['/api/public'].get.security).toEqual([]);
  });

  it("declares each route's refusals from its guard, its inputs and its method", async () => {
    const description = await describeSample((app) => {
      app.get('/api/open', { schema: ok }, async () => ({ msg: 'ok' }));
      app.get('/api/mine', { onRequest: authenticated, schema: ok }, async () => ({ msg: 'ok' }));
      app.put('/api/things/:id', { onRequest: verified, schema: { params: IdParams, body: z.object({ on: z.boolean() }), ...ok } }, async () => ({ msg: 'ok' }));
      app.delete('/api/admin/things', { onRequest: adminOnly, schema: ok }, async () => ({ msg: 'ok' }));
      app.get('/api/own-rule', { onRequest: guard, schema: ok }, async () => ({ msg: 'ok' }));
    });
    const refusals = (path: string, method: string) => Object.fromEntries(Object.entries(description.paths[path][method].responses)
      .filter(([status]) => Number(status) >= 400).map(([status, response]) => [status, response.$ref?.split('/').pop()]));
    expect(refusals('/api/open', 'get')).toEqual({});
    expect(refusals('/api/mine', 'get')).toEqual({ 401: 'SignInRequired' });
    expect(refusals('/api/things/{id}', 'put')).toEqual({
      400: 'InvalidRequest', 401: 'SignInRequired', 403: 'NotVerified', 404: 'NotFound', 413: 'TooLarge', 415: 'UnsupportedMediaType',
      429: 'RateLimited',
    });
    expect(refusals('/api/admin/things', 'delete')).toEqual({ 401: 'SignInRequired', 403: 'AdminsOnly', 429: 'RateLimited' });
    expect(refusals('/api/own-rule', 'get')).toEqual({ 401: 'SignInRequired', 403: 'Forbidden' });
    expect(description.components.responses.NotVerified.content['application/json'].schema.allOf[1].properties.code.enum)
      .toEqual(['NOT_VERIFIED', 'TWO_FACTOR_REQUIRED']);
  });
});
