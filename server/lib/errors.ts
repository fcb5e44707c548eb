import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The one error type services throw: the client sees `{msg}` with this status. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, msg: string) {
    super(msg);
    this.status = status;
  }
}

export const badRequest = (msg: string) => new HttpError(400, msg);
export const unauthorized = (msg = 'Please log in to continue.') => new HttpError(401, msg);
export const forbidden = (msg = 'You do not have permission to do that.') => new HttpError(403, msg);
export const notFound = (msg = 'Not found.') => new HttpError(404, msg);
export const conflict = (msg: string) => new HttpError(409, msg);
export const tooManyRequests = (msg = 'Too many requests. Please try again later.') => new HttpError(429, msg);

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const first = issues[0] ?? {};
  const fromPath = (first.params?.issue?.path ?? []).map(String).join('.');
  const field = fromPath || (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const where = field || context || 'request';
  return `Invalid ${where}: ${first.message ?? 'invalid value'}`;
}

// PostgreSQL codes that can only come from a client's input reaching SQL; mapped so they never become 500s.
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '22P02': [400, 'Invalid value in request.'],
  '23505': [409, 'That already exists.'],
  '23503': [404, 'A referenced item was not found.'],
  '22001': [400, 'A value is too long.'],
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).send({ msg: error.message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ msg: describeValidation(error.validationContext, error.validation as ValidationIssue[]) });
    }
    if (error.validation) {
      return reply.code(400).send({ msg: describeValidation(error.validationContext, error.validation as ValidationIssue[]) });
    }
    const pg = PG_CLIENT_ERRORS[postgresCode(error) ?? ''];
    if (pg) return reply.code(pg[0]).send({ msg: pg[1] });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ msg: clientMessage(error, status) });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ msg: 'Something went wrong on our side. Please try again.' });
  });
}

// Drizzle wraps driver errors; the SQLSTATE is on the error or on its cause.
function postgresCode(error: Error & { code?: string }): string | undefined {
  const cause = error.cause as { code?: unknown } | undefined;
  const code = typeof cause?.code === 'string' ? cause.code : error.code;
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

function clientMessage(error: FastifyError, status: number): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (status === 400 && /JSON/i.test(error.message))) {
    return 'Malformed JSON in request body.';
  }
  if (status === 413) return 'Request body is too large (the limit is 1 MB).';
  if (status === 415) return 'Unsupported content type; send application/json.';
  return error.message || 'Bad request.';
}
