// The one error module for HTTP and sockets: services throw AppError; describeError turns anything thrown into what a
// client hears, `{msg, code}` with a status, for the HTTP error handler and for socket acks alike.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { codeForStatus, type ErrorBody, type ErrorCode } from '../../common/errors.ts';
import { DEFAULT_LOCALE, type Locale } from '../../common/i18n/locales.ts';
import { formatText, localeOfHeaders, localText, type LocalText } from './i18n.ts';
import { ERRORS } from './error-texts.ts';
import { knownText } from './texts/index.ts';

/**
 * The one error type services throw: the client sees `{msg, code}` with this status. `msg` is English text, or a
 * catalogue message (LocalText) that each client hears in its own language.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** Fields sent beside `msg` and `code` (a forum refusal's findings). */
  readonly extra?: Record<string, unknown>;
  readonly text?: LocalText;
  constructor(status: number, code: ErrorCode, msg: string | LocalText, extra?: Record<string, unknown>) {
    super(typeof msg === 'string' ? msg : formatText(msg));
    this.status = status;
    this.code = code;
    this.extra = extra;
    // A shared English text (common/'s constants) is said in the reader's language too (server/lib/texts).
    this.text = typeof msg === 'string' ? knownText(msg) : msg;
  }
}

type Msg = string | LocalText;
export const badRequest = (msg: Msg) => new AppError(400, 'BAD_REQUEST', msg);
export const unauthorized = (msg: Msg = localText(ERRORS.unauthorized), code: ErrorCode = 'UNAUTHORIZED') => new AppError(401, code, msg);
export const forbidden = (msg: Msg = localText(ERRORS.forbidden), code: ErrorCode = 'FORBIDDEN') => new AppError(403, code, msg);
export const notFound = (msg: Msg = localText(ERRORS.notFound)) => new AppError(404, 'NOT_FOUND', msg);
export const conflict = (msg: Msg) => new AppError(409, 'CONFLICT', msg);
export const tooManyRequests = (msg: Msg = localText(ERRORS.rateLimited)) => new AppError(429, 'RATE_LIMITED', msg);

export const INTERNAL_ERROR = ERRORS.internal.defaultMessage;

export type Refusal = { status: number; body: ErrorBody };

/**
 * What a client hears for anything thrown, in `locale`. INTERNAL says nothing about its cause (no text, no stack): the
 * caller logs it. Order matters: our own errors, then bad input (schemas, then input that only SQL could reject), then
 * the framework's.
 */
export function describeError(error: unknown, locale: Locale = DEFAULT_LOCALE): Refusal {
  const say = (status: number, code: ErrorCode, text: LocalText): Refusal => refusal(status, code, formatText(text, locale));
  if (error instanceof AppError) {
    const answer = refusal(error.status, error.code, error.text ? formatText(error.text, locale) : error.message);
    return error.extra ? { ...answer, body: { ...error.extra, ...answer.body } } : answer;
  }
  if (error instanceof z.ZodError) return refusal(400, 'VALIDATION', describeIssue(error.issues[0], undefined, locale));
  const failed = error as FrameworkError | null | undefined;
  if (failed?.validation) {
    return refusal(400, 'VALIDATION', describeIssue(schemaIssue(failed.validation[0]), failed.validationContext, locale));
  }
  const pg = PG_CLIENT_ERRORS[postgresCode(error) ?? ''] ?? DATABASE_FAULTS[driverCode(error) ?? ''];
  if (pg) return say(pg.status, pg.code, pg.text);
  if (isDatabaseUnavailable(error)) return say(503, 'UNAVAILABLE', localText(ERRORS.unavailable));
  if (isMalformedMultipart(failed)) return say(400, 'BAD_REQUEST', localText(ERRORS.malformedMultipart));
  const status = failed?.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const text = frameworkMessage(failed!, status);
    return refusal(status, codeForStatus(status), typeof text === 'string' ? text : formatText(text, locale));
  }
  return say(500, 'INTERNAL', localText(ERRORS.internal));
}

// The multipart parser (busboy, under @fastify/multipart) raises plain errors, with no status or code, for a body cut
// short or broken; every upload route reads its file through it, so they are recognised here once (found by the attack
// sweep, decision 0360).
const MALFORMED_MULTIPART = /unexpected end of multipart data|^Multipart: Boundary not found$|^Malformed part header$/i;
function isMalformedMultipart(error: FrameworkError | null | undefined): boolean {
  return Boolean(error && error.statusCode === undefined && typeof error.message === 'string' && MALFORMED_MULTIPART.test(error.message));
}

/**
 * Fastify's router refuses some requests before any hook or handler runs (a path that is not valid percent-encoding,
 * `/api/users/%E2%80`): pass to Fastify as `frameworkErrors` so they get the same `{msg, code}` as every refusal.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = describeError(error, localeOfHeaders(request.headers));
  void reply.code(status).send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = describeError(error, request.locale);
    if (body.code === 'INTERNAL') request.log.error({ err: error }, 'unhandled error');
    // The driver's code only: a failed query's message carries its SQL and parameters.
    else if (status === 507) request.log.error({ code: driverCode(error) ?? postgresCode(error) }, 'database storage full');
    else if (body.code === 'UNAVAILABLE') request.log.warn({ code: driverCode(error) }, 'database unavailable');
    return reply.code(status).send(body);
  });
}

const refusal = (status: number, code: ErrorCode, msg: string): Refusal => ({ status, body: { msg, code } });

type Issue = { path?: readonly PropertyKey[]; message?: string; code?: string; origin?: string; minimum?: unknown; maximum?: unknown; format?: string };
type SchemaIssue = { instancePath?: string; keyword?: string; message?: string; params?: Issue & { issue?: Issue } };
type FrameworkError = Error & { statusCode?: number; code?: string; validation?: SchemaIssue[]; validationContext?: string };

// fastify-type-provider-zod spreads zod's issue over each validation entry (its code as `keyword`, the rest in
// `params`; older versions kept it whole in `params.issue`); other validators give a JSON pointer.
function schemaIssue(entry: SchemaIssue | undefined): Issue | undefined {
  if (!entry) return undefined;
  const issue = entry.params?.issue ?? { ...entry.params, code: entry.keyword };
  const path = issue.path?.length ? issue.path : (entry.instancePath ?? '').split('/').filter(Boolean);
  return { ...issue, path, message: entry.message };
}

/**
 * One sentence for the first broken rule, the same over HTTP and sockets. A schema's message is a fragment that follows
 * the field's name ('Invalid conversationId: must be a valid id'); one written as a whole sentence, ending with a full
 * stop (the chat's 'Message cannot be empty.'), reads well alone and is sent as it is. In another language the
 * fragment is said again from the rule that broke (required, too long...) where the catalogue has it.
 */
function describeIssue(issue: Issue | undefined, context: string | undefined, locale: Locale): string {
  const message = issue?.message ?? 'invalid value';
  if (message.endsWith('.')) {
    const known = locale === DEFAULT_LOCALE ? undefined : knownText(message);
    return known ? formatText(known, locale) : message;
  }
  const field = (issue?.path ?? []).map(String).join('.') || context || 'request';
  if (locale === DEFAULT_LOCALE) return `Invalid ${field}: ${message}`;
  const reason = issue ? reasonOf(issue) : undefined;
  return formatText(localText(ERRORS.invalidField, { field, reason: reason ? formatText(reason, locale) : message }), locale);
}

/** The broken rule as a catalogue message, for the rules schemas use most. */
function reasonOf(issue: Issue): LocalText | undefined {
  const bound = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined);
  const [min, max] = [bound(issue.minimum), bound(issue.maximum)];
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return min === 1 ? localText(ERRORS.required) : localText(ERRORS.atLeastCharacters, { count: min ?? 0 });
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return localText(ERRORS.atMostCharacters, { count: max ?? 0 });
  if (issue.code === 'too_big' && issue.origin === 'array') return localText(ERRORS.atMostItems, { count: max ?? 0 });
  if (issue.code === 'invalid_format' && issue.format === 'email') return localText(ERRORS.validEmail);
  if (issue.code === 'invalid_value') return localText(ERRORS.notAnOption);
  if (issue.code === 'invalid_type') return localText(ERRORS.wrongType);
  return undefined;
}

function frameworkMessage(error: FrameworkError, status: number): string | LocalText {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (status === 400 && /JSON/i.test(error.message))) {
    return localText(ERRORS.malformedJson);
  }
  if (error.code === 'FST_ERR_BAD_URL') return localText(ERRORS.badUrl);
  if (status === 413) return localText(ERRORS.tooLarge);
  if (status === 415) return localText(ERRORS.unsupportedType);
  return error.message || localText(ERRORS.badRequest);
}

/** SQLSTATEs the services check for by name. */
export const PG = { foreignKeyViolation: '23503', uniqueViolation: '23505', invalidText: '22P02', stringTooLong: '22001' } as const;

// PostgreSQL errors that only a client's input reaching SQL can cause: mapped so they never become 500s. The
// validators and cursor decoders refuse such input first; these are the net under them (a new field that forgot to).
/** What a client hears when only PostgreSQL refused its input: the tests treat it as a missing validation. */
export const REFUSED_BY_SQL = ERRORS.refusedBySql.defaultMessage;
type Said = { status: number; code: ErrorCode; text: LocalText };
const invalidValue: Said = { status: 400, code: 'BAD_REQUEST', text: localText(ERRORS.refusedBySql) };
const PG_CLIENT_ERRORS: Record<string, Said> = {
  [PG.invalidText]: invalidValue,
  // Text PostgreSQL cannot hold: a NUL (22021 invalid byte sequence, 22P05 untranslatable character).
  '22021': invalidValue,
  '22P05': invalidValue,
  // Dates and numbers out of what the column holds: month 13, year 0000, a rank of 1e999.
  '22007': invalidValue,
  '22008': invalidValue,
  '22003': invalidValue,
  [PG.uniqueViolation]: { status: 409, code: 'CONFLICT', text: localText(ERRORS.alreadyExists) },
  [PG.foreignKeyViolation]: { status: 404, code: 'NOT_FOUND', text: localText(ERRORS.missingReference) },
  [PG.stringTooLong]: { status: 400, code: 'BAD_REQUEST', text: localText(ERRORS.valueTooLong) },
};

/** What a client hears when the database's disk is full: nothing was saved, and nothing the client sent was wrong. */
export const STORAGE_FULL = ERRORS.storageFull.defaultMessage;
export const RESTARTING = ERRORS.restarting.defaultMessage;
// The database's own trouble, not the client's. A full disk (53100) rolls the statement back cleanly (the embedded
// database too, faults/embedded-full-disk.test.ts): a clear 507 rather than a 500. A query that arrives while the
// embedded database closes for a stop (server/db/client.ts) is refused before it runs: 503, try again.
const DATABASE_FAULTS: Record<string, Said> = {
  '53100': { status: 507, code: 'UNAVAILABLE', text: localText(ERRORS.storageFull) },
  DATABASE_CLOSING: { status: 503, code: 'UNAVAILABLE', text: localText(ERRORS.restarting) },
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
export const DATABASE_UNAVAILABLE_MSG = ERRORS.unavailable.defaultMessage;

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
