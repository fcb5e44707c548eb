// What the API description adds to what @fastify/swagger collects from the routes, so that a client generated from it
// (openapi-typescript, orval) gets named functions and typed errors: each operation's name and summary, its refusals
// as `{msg, code}` with the codes it can give, `security: []` where no session is needed, and two fixes of shape.
import { z } from 'zod';
import { ErrorResponse, type ErrorCode } from '../../common/errors.ts';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../common/privacy.ts';
import { LOGO_MAX_BYTES } from '../../common/practices.ts';
import { OPERATIONS } from './openapi-operations.ts';

type Refusal = { status: string; codes: ErrorCode[]; description: string };

/** The refusals an operation may answer, each a shared response in the description, named by its key. */
const REFUSALS = {
  InvalidRequest: {
    status: '400', codes: ['VALIDATION', 'BAD_REQUEST'],
    description: 'The request breaks its schema (VALIDATION, `msg` names the field) or a rule of its content (BAD_REQUEST).',
  },
  SignInRequired: {
    status: '401', codes: ['UNAUTHORIZED', 'SESSION_ENDED'],
    description: 'No session token was sent (UNAUTHORIZED), or its session has ended (SESSION_ENDED): sign in.',
  },
  NotVerified: {
    status: '403', codes: ['NOT_VERIFIED', 'TWO_FACTOR_REQUIRED'],
    description: 'The licence has not been verified yet, or an administrator must turn on two-factor sign-in first.',
  },
  AdminsOnly: {
    status: '403', codes: ['FORBIDDEN', 'TWO_FACTOR_REQUIRED'],
    description: 'Only administrators may do this, once they have turned on two-factor sign-in where it is required.',
  },
  Forbidden: {
    status: '403', codes: ['NOT_VERIFIED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'],
    description: 'The account may not do this: its licence is not verified, or its role does not allow it.',
  },
  NotFound: { status: '404', codes: ['NOT_FOUND'], description: 'Nothing with that id, or nothing the caller may see.' },
  TooLarge: { status: '413', codes: ['TOO_LARGE'], description: 'The request body is larger than this operation accepts.' },
  UnsupportedMediaType: {
    status: '415', codes: ['UNSUPPORTED_MEDIA_TYPE'], description: 'The body is not of the content type this operation reads.',
  },
  IdempotencyKeyReused: {
    status: '422', codes: ['IDEMPOTENCY_KEY_REUSED'],
    description: 'This Idempotency-Key was already used by the member for a different request: use a new key.',
  },
  RateLimited: { status: '429', codes: ['RATE_LIMITED'], description: 'Too many requests: try again later.' },
} as const satisfies Record<string, Refusal>;
export type RefusalName = keyof typeof REFUSALS;

/** Where a route's guard puts the 403 it may answer (a RefusalName); read and removed by completeDescription. */
export const FORBIDDEN_KEY = 'x-forbidden';

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** Request bodies that a route reads itself, with no schema for Fastify to validate (a multipart upload). */
const UNSCHEMED_BODIES: Record<string, Json> = {
  'POST /api/files': {
    required: true,
    description: 'One file: PNG, JPEG, WebP, HEIC, GIF, PDF, DOCX, XLSX, ODT, plain text or CSV, decided from its bytes; at most FILE_MAX_MB (20 MB by default).',
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] },
      },
    },
  },
  'POST /api/users/me/avatar': {
    required: true,
    description: `One photo (${AVATAR_TYPES.join(', ')}), at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties: { photo: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['photo'] },
        encoding: { photo: { contentType: AVATAR_TYPES.join(', ') } },
      },
    },
  },
  'POST /api/practices/{id}/logo': {
    required: true,
    description: `One logo (${AVATAR_TYPES.join(', ')}), at most ${LOGO_MAX_BYTES / 1024 / 1024} MB; kept whole, as a 256-pixel square.`,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties: { logo: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['logo'] },
        encoding: { logo: { contentType: AVATAR_TYPES.join(', ') } },
      },
    },
  },
};

type Json = { [key: string]: unknown };
type Parameter = { name: string; in: string };
type Operation = Json & {
  security?: unknown[]; parameters?: Parameter[]; requestBody?: unknown; responses: Json; [FORBIDDEN_KEY]?: RefusalName;
};
type Description = { paths: Record<string, Record<string, Operation>>; components: Json & { schemas?: Json; responses?: Json } };

/** @fastify/swagger's transformObject: completes the description it built from the routes. */
export function completeDescription(description: Description): Description {
  mergeIdenticalPaths(description);
  for (const [path, methods] of Object.entries(description.paths)) {
    for (const [method, operation] of Object.entries(methods)) methods[method] = completeOperation(method, path, operation);
  }
  description.components.schemas = { ...description.components.schemas, Error: errorSchema() };
  description.components.responses = Object.fromEntries(Object.entries(REFUSALS).map(([name, refusal]) => [name, refusalResponse(refusal)]));
  defineRecordKeys(description);
  return description;
}

function completeOperation(method: string, path: string, operation: Operation): Operation {
  const key = `${method.toUpperCase()} ${path}`;
  const { [FORBIDDEN_KEY]: forbidden, ...described } = operation;
  const rest: Operation = { ...described, ...(UNSCHEMED_BODIES[key] && { requestBody: UNSCHEMED_BODIES[key] }) };
  const refusals = refusalsOf(method, rest, forbidden).map((name) => [REFUSALS[name].status, { $ref: `#/components/responses/${name}` }]);
  return {
    ...OPERATIONS[key],
    ...rest,
    // A route without a guard is public: say so, rather than leave the reader to guess.
    security: rest.security ?? [],
    responses: { ...rest.responses, ...Object.fromEntries(refusals) },
  };
}

function refusalsOf(method: string, operation: Operation, forbidden: RefusalName | undefined): RefusalName[] {
  const names: RefusalName[] = [];
  if (operation.parameters?.length || operation.requestBody) names.push('InvalidRequest');
  if (operation.security?.length) names.push('SignInRequired');
  if (forbidden) names.push(forbidden);
  if (operation.parameters?.some((parameter) => parameter.in === 'path')) names.push('NotFound');
  // Any body past its limit, or of a type the route does not read, is refused before the route sees it.
  if (operation.requestBody) names.push('TooLarge', 'UnsupportedMediaType');
  // server/lib/idempotency.ts declares the header on the creating operations.
  if (operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key')) names.push('IdempotencyKeyReused');
  if (WRITES.has(method)) names.push('RateLimited');
  return names;
}

function errorSchema(): Json {
  const { $schema: _, ...schema } = z.toJSONSchema(ErrorResponse);
  return { ...schema, description: '`msg` is for people (it may change); `code` is for programs and never changes once published.' };
}

function refusalResponse({ codes, description }: Refusal): Json {
  const narrowed = { type: 'object', properties: { code: { type: 'string', enum: codes } }, required: ['code'] };
  const schema = { allOf: [{ $ref: '#/components/schemas/Error' }, narrowed] };
  return { description, content: { 'application/json': { schema } } };
}

/**
 * Two routes of one URL may name its parameters differently (`PATCH /api/admin/users/:userId` in admin,
 * `DELETE /api/admin/users/:id` in privacy): the description then holds the same path twice, which OpenAPI forbids.
 * The later one takes the earlier one's names, and its operations join that path.
 */
function mergeIdenticalPaths(description: Description): void {
  const byShape = new Map<string, string>();
  for (const path of Object.keys(description.paths)) {
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    const first = byShape.get(shape);
    if (first === undefined) {
      byShape.set(shape, path);
      continue;
    }
    const names = parameterNames(first);
    const renamed = new Map(parameterNames(path).map((name, index) => [name, names[index]]));
    for (const [method, operation] of Object.entries(description.paths[path])) {
      const parameters = operation.parameters?.map((p) => (p.in === 'path' ? { ...p, name: renamed.get(p.name) ?? p.name } : p));
      description.paths[first][method] = { ...operation, ...(parameters && { parameters }) };
    }
    delete description.paths[path];
  }
}

const parameterNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

/**
 * zod writes a record keyed by an enum (every key present) as `propertyNames` with `required`: valid JSON Schema, but
 * generators and linters read `required` against `properties`. Each key gets the value schema as a property.
 */
function defineRecordKeys(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) defineRecordKeys(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Json;
  for (const value of Object.values(schema)) defineRecordKeys(value);
  const keys = (schema.propertyNames as Json | undefined)?.enum;
  if (schema.type === 'object' && !schema.properties && Array.isArray(keys) && typeof schema.additionalProperties === 'object') {
    schema.properties = Object.fromEntries(keys.map((key: string) => [key, schema.additionalProperties]));
  }
}
