// The one error module for HTTP and sockets: services throw AppError; describeError turns anything thrown into what a
// client hears, `{msg, code}` with a status, for the HTTP error handler and for socket acks alike.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { codeForStatus, type ErrorBody, type ErrorCode } from '../../common/errors.ts';

/** The one error type services throw: the client sees `{msg, code}` with this status. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  constructor(status: number, code: ErrorCode, msg: string) {
    super(msg);
    this.status = status;
    this.code = code;
  }
}

export const badRequest = (msg: string) => new AppError(400, 'BAD_REQUEST', msg);
export const unauthorized = (msg = 'Please log in to continue.', code: ErrorCode = 'UNAUTHORIZED') => new AppError(401, code, msg);
export const forbidden = (msg = 'You do not have permission to do that.', code: ErrorCode = 'FORBIDDEN') => new AppError(403, code, msg);
export const notFound = (msg = 'Not found.') => new AppError(404, 'NOT_FOUND', msg);
export const conflict = (msg: string) => new AppError(409, 'CONFLICT', msg);
export const tooManyRequests = (msg = 'Too many requests. Please try again later.') => new AppError(429, 'RATE_LIMITED', msg);

export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

export type Refusal = { status: number; body: ErrorBody };

/**
 * What a client hears for anything thrown. INTERNAL says nothing about its cause (no text, no stack): the caller logs it.
 * Order matters: our own errors, then bad input (schemas, then input that only SQL could reject), then the framework's.
 */
export function describeError(error: unknown): Refusal {
  if (error instanceof AppError) return refusal(error.status, error.code, error.message);
  if (error instanceof z.ZodError) return refusal(400, 'VALIDATION', describeIssue(error.issues[0]));
  const failed = error as FrameworkError | null | undefined;
  if (failed?.validation) {
    return refusal(400, 'VALIDATION', describeIssue(schemaIssue(failed.validation[0]), failed.validationContext));
  }
  const pg = PG_CLIENT_ERRORS[postgresCode(error) ?? ''] ?? DATABASE_FAULTS[driverCode(error) ?? ''];
  if (pg) return pg;
  if (isDatabaseUnavailable(error)) return DATABASE_UNAVAILABLE;
  const status = failed?.statusCode ?? 500;
  if (status >= 400 && status < 500) return refusal(status, codeForStatus(status), frameworkMessage(failed!, status));
  return refusal(500, 'INTERNAL', INTERNAL_ERROR);
}

/**
 * Fastify's router refuses some requests before any hook or handler runs (a path that is not valid percent-encoding,
 * `/api/users/%E2%80`): pass to Fastify as `frameworkErrors` so they get the same `{msg, code}` as every refusal.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = describeError(error);
  void reply.code(status).send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = describeError(error);
    if (body.code === 'INTERNAL') request.log.error({ err: error }, 'unhandled error');
    // The driver's code only: a failed query's message carries its SQL and parameters.
    else if (status === 507) request.log.error({ code: driverCode(error) ?? postgresCode(error) }, 'database storage full');
    else if (body.code === 'UNAVAILABLE') request.log.warn({ code: driverCode(error) }, 'database unavailable');
    return reply.code(status).send(body);
  });
}

const refusal = (status: number, code: ErrorCode, msg: string): Refusal => ({ status, body: { msg, code } });

type Issue = { path?: readonly PropertyKey[]; message?: string };
type SchemaIssue = { instancePath?: string; message?: string; params?: { issue?: Issue } };
type FrameworkError = Error & { statusCode?: number; code?: string; validation?: SchemaIssue[]; validationContext?: string };

// fastify-type-provider-zod keeps zod's issue inside each validation entry; other validators give a JSON pointer.
function schemaIssue(entry: SchemaIssue | undefined): Issue | undefined {
  if (!entry) return undefined;
  const path = entry.params?.issue?.path?.length ? entry.params.issue.path : (entry.instancePath ?? '').split('/').filter(Boolean);
  return { path, message: entry.message };
}

/**
 * One sentence for the first broken rule, the same over HTTP and sockets. A schema's message is a fragment that follows
 * the field's name ('Invalid conversationId: must be a valid id'); one written as a whole sentence, ending with a full
 * stop (the chat's 'Message cannot be empty.'), reads well alone and is sent as it is.
 */
function describeIssue(issue: Issue | undefined, context?: string): string {
  const message = issue?.message ?? 'invalid value';
  if (message.endsWith('.')) return message;
  const field = (issue?.path ?? []).map(String).join('.');
  return `Invalid ${field || context || 'request'}: ${message}`;
}

function frameworkMessage(error: FrameworkError, status: number): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (status === 400 && /JSON/i.test(error.message))) {
    return 'Malformed JSON in request body.';
  }
  if (error.code === 'FST_ERR_BAD_URL') return 'Malformed address: a part of the path is not valid percent-encoding.';
  if (status === 413) return 'Request body is too large (the limit is 1 MB).';
  if (status === 415) return 'Unsupported content type; send application/json.';
  return error.message || 'Bad request.';
}

/** SQLSTATEs the services check for by name. */
export const PG = { foreignKeyViolation: '23503', uniqueViolation: '23505', invalidText: '22P02', stringTooLong: '22001' } as const;

// PostgreSQL errors that only a client's input reaching SQL can cause: mapped so they never become 500s. The
// validators and cursor decoders refuse such input first; these are the net under them (a new field that forgot to).
/** What a client hears when only PostgreSQL refused its input: the tests treat it as a missing validation. */
export const REFUSED_BY_SQL = 'Invalid value in request.';
const invalidValue = refusal(400, 'BAD_REQUEST', REFUSED_BY_SQL);
const PG_CLIENT_ERRORS: Record<string, Refusal> = {
  [PG.invalidText]: invalidValue,
  // Text PostgreSQL cannot hold: a NUL (22021 invalid byte sequence, 22P05 untranslatable character).
  '22021': invalidValue,
  '22P05': invalidValue,
  // Dates and numbers out of what the column holds: month 13, year 0000, a rank of 1e999.
  '22007': invalidValue,
  '22008': invalidValue,
  '22003': invalidValue,
  [PG.uniqueViolation]: refusal(409, 'CONFLICT', 'That already exists.'),
  [PG.foreignKeyViolation]: refusal(404, 'NOT_FOUND', 'A referenced item was not found.'),
  [PG.stringTooLong]: refusal(400, 'BAD_REQUEST', 'A value is too long.'),
};

/** What a client hears when the database's disk is full: nothing was saved, and nothing the client sent was wrong. */
export const STORAGE_FULL = 'The server has run out of storage space, so this was not saved. Please try again later.';
export const RESTARTING = 'The server is restarting. Please try again in a moment.';
// The database's own trouble, not the client's. A full disk (53100) rolls the statement back cleanly (the embedded
// database too, faults/embedded-full-disk.test.ts): a clear 507 rather than a 500. A query that arrives while the
// embedded database closes for a stop (server/db/client.ts) is refused before it runs: 503, try again.
const DATABASE_FAULTS: Record<string, Refusal> = {
  '53100': refusal(507, 'UNAVAILABLE', STORAGE_FULL),
  DATABASE_CLOSING: refusal(503, 'UNAVAILABLE', RESTARTING),
};

/** The code a driver put on an error (a SQLSTATE, ECONNREFUSED...); Drizzle wraps driver errors, so it may be on the cause. */
export function driverCode(error: unknown): string | undefined {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } | null };
  const found = typeof cause?.code === 'string' ? cause.code : code;
  return typeof found === 'string' ? found : undefined;
}

/** The SQLSTATE of a failed query, or undefined when the error did not come from PostgreSQL. */
export function postgresCode(error: unknown): string | undefined {
  const code = driverCode(error);
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** What a client hears while the database cannot answer: try again shortly (a restart, a failover, a full pool). */
export const DATABASE_UNAVAILABLE_MSG = 'The service is briefly unavailable. Please try again in a moment.';
const DATABASE_UNAVAILABLE = refusal(503, 'UNAVAILABLE', DATABASE_UNAVAILABLE_MSG);

// SQLSTATEs of a server that is going, gone, starting or full, and of a statement stopped by statement_timeout:
// class 08 (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now), 53300 (too many connections),
// 57014 (query canceled).
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300|57014)$/;
// Errors of the socket under the driver, and of the pg driver itself, which puts no code on its own.
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const UNAVAILABLE_DRIVER_TEXT = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection ended/;

/** Whether a thrown error says the database could not be reached or answer, rather than that a query was wrong. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    // Checked on the driver's own error (the cause), never on Drizzle's wrapper, whose message holds the query.
    if (depth > 0 || !e.cause) {
      if (typeof e.message === 'string' && UNAVAILABLE_DRIVER_TEXT.test(e.message)) return true;
    }
  }
  return false;
}
