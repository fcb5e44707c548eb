import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeForStatus } from '../../common/errors.ts';
import {
  AppError, DATABASE_UNAVAILABLE_MSG, INTERNAL_ERROR, badRequest, conflict, describeError, driverCode, forbidden, notFound, postgresCode, tooManyRequests,
  RESTARTING, STORAGE_FULL, unauthorized,
} from './errors.ts';

const zodError = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error;
// What Drizzle throws for a failed query: its own error, the driver's (with the SQLSTATE) as the cause.
const drizzleError = (code: string) => Object.assign(new Error('Failed query: insert into ... params: secret'), { cause: { code } });

describe('describeError', () => {
  it('answers an AppError with its status, code and text', () => {
    expect(describeError(new AppError(409, 'CONFLICT', 'Taken.'))).toEqual({ status: 409, body: { msg: 'Taken.', code: 'CONFLICT' } });
  });

  it('gives each helper its status and default code, and keeps a specific code', () => {
    const answers = [badRequest('No.'), unauthorized(), forbidden(), notFound(), conflict('Twice.'), tooManyRequests()].map((error) => describeError(error));
    expect(answers.map((a) => [a.status, a.body.code])).toEqual([
      [400, 'BAD_REQUEST'], [401, 'UNAUTHORIZED'], [403, 'FORBIDDEN'], [404, 'NOT_FOUND'], [409, 'CONFLICT'], [429, 'RATE_LIMITED'],
    ]);
    expect(describeError(unauthorized()).body.msg).toBe('Please log in to continue.');
    expect(describeError(forbidden('Not yet.', 'NOT_VERIFIED')).body).toEqual({ msg: 'Not yet.', code: 'NOT_VERIFIED' });
  });

  it('names the field of a zod error, and lets a whole sentence stand alone', () => {
    const schema = z.object({ conversationId: z.uuid({ message: 'must be a valid id' }), text: z.string().min(1, 'Message cannot be empty.') });
    const badId = zodError(schema, { conversationId: 'nope', text: 'hi' });
    expect(describeError(badId)).toEqual({ status: 400, body: { msg: 'Invalid conversationId: must be a valid id', code: 'VALIDATION' } });
    const empty = zodError(schema, { conversationId: '00000000-0000-4000-8000-000000000000', text: '' });
    expect(describeError(empty).body).toEqual({ msg: 'Message cannot be empty.', code: 'VALIDATION' });
    expect(describeError(zodError(z.string(), 42)).body.msg).toBe('Invalid request: Invalid input: expected string, received number');
  });

  it('describes a request schema failure the same way, falling back to its part of the request', () => {
    const issue = zodError(z.object({ email: z.email({ message: 'must be a valid email address' }) }), { email: 'x' })!.issues[0];
    const fromRoute = Object.assign(new Error('body/email must be a valid email address'), {
      statusCode: 400, validationContext: 'body', validation: [{ instancePath: '/email', message: issue.message, params: { issue } }],
    });
    expect(describeError(fromRoute).body).toEqual({ msg: 'Invalid email: must be a valid email address', code: 'VALIDATION' });
    const wholeBody = Object.assign(new Error('body is required'), { statusCode: 400, validationContext: 'body', validation: [{ message: 'is required' }] });
    expect(describeError(wholeBody).body.msg).toBe('Invalid body: is required');
  });

  it('maps the PostgreSQL errors only client input can cause, on the error or its cause', () => {
    expect(describeError(drizzleError('23505'))).toEqual({ status: 409, body: { msg: 'That already exists.', code: 'CONFLICT' } });
    expect(describeError(drizzleError('23503'))).toEqual({ status: 404, body: { msg: 'A referenced item was not found.', code: 'NOT_FOUND' } });
    expect(describeError(Object.assign(new Error('bad uuid'), { code: '22P02' })).body).toEqual({ msg: 'Invalid value in request.', code: 'BAD_REQUEST' });
    expect(describeError(drizzleError('22001')).status).toBe(400);
  });

  it('answers a full disk (53100) with 507 and a message saying nothing was saved, never a 500', () => {
    expect(describeError(drizzleError('53100'))).toEqual({ status: 507, body: { msg: STORAGE_FULL, code: 'UNAVAILABLE' } });
  });

  it('answers a query refused because the embedded database is closing for a stop with 503', () => {
    expect(describeError(drizzleError('DATABASE_CLOSING'))).toEqual({ status: 503, body: { msg: RESTARTING, code: 'UNAVAILABLE' } });
  });

  it('answers 400 for text, dates and numbers that only SQL could refuse (NUL, month 13, 1e999)', () => {
    for (const code of ['22021', '22P05', '22007', '22008', '22003']) {
      expect(describeError(drizzleError(code)), code).toEqual({ status: 400, body: { msg: 'Invalid value in request.', code: 'BAD_REQUEST' } });
    }
  });

  it('gives a path that is not valid percent-encoding a message of its own, without echoing it', () => {
    const badUrl = Object.assign(new Error("'/api/x/%E2%80' is not a valid url component"), { statusCode: 400, code: 'FST_ERR_BAD_URL' });
    expect(describeError(badUrl)).toEqual({ status: 400, body: { msg: 'Malformed address: a part of the path is not valid percent-encoding.', code: 'BAD_REQUEST' } });
  });

  it('answers 503 UNAVAILABLE when the database is going, gone, starting, full or too slow, on the error or its cause', () => {
    const unavailable = { status: 503, body: { msg: DATABASE_UNAVAILABLE_MSG, code: 'UNAVAILABLE' } };
    for (const code of ['57P01', '57P03', '08006', '08001', '53300', '57014', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(describeError(drizzleError(code))).toEqual(unavailable);
    }
    // The pg driver's own errors carry no code, only their text.
    expect(describeError(Object.assign(new Error('Failed query'), { cause: new Error('Connection terminated unexpectedly') }))).toEqual(unavailable);
    expect(describeError(new Error('timeout exceeded when trying to connect'))).toEqual(unavailable);
    // Never read from Drizzle's wrapper, whose message holds the query's parameters (a member's text).
    expect(describeError(Object.assign(new Error('params: Connection terminated'), { cause: { code: 'XX000' } })).status).toBe(500);
  });

  it('answers a multipart body cut short or broken with 400, whatever part of the parser noticed', () => {
    for (const message of ['Unexpected end of multipart data', 'Part terminated early due to unexpected end of multipart data', 'Multipart: Boundary not found', 'Malformed part header']) {
      expect(describeError(new Error(message)), message).toEqual({ status: 400, body: { msg: 'Malformed upload: the multipart body ends early or is not well formed.', code: 'BAD_REQUEST' } });
    }
  });

  it('answers anything else with 500 INTERNAL and nothing about its cause', () => {
    for (const thrown of [new Error('secret detail'), drizzleError('40001'), 'a string', null, undefined, { statusCode: 502 }]) {
      const answer = describeError(thrown);
      expect(answer).toEqual({ status: 500, body: { msg: INTERNAL_ERROR, code: 'INTERNAL' } });
      expect(JSON.stringify(answer)).not.toMatch(/secret|stack|at /);
    }
  });

  it('keeps the framework\'s own client errors, with the code of their status', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(describeError(tooLarge)).toEqual({ status: 413, body: { msg: 'Request body is too large (the limit is 1 MB).', code: 'TOO_LARGE' } });
    const badJson = Object.assign(new Error('Unexpected end of JSON input'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    expect(describeError(badJson).body).toEqual({ msg: 'Malformed JSON in request body.', code: 'BAD_REQUEST' });
  });
});

describe('driver codes', () => {
  it('reads the SQLSTATE from the cause first, and only SQLSTATEs as PostgreSQL codes', () => {
    expect(postgresCode(Object.assign(drizzleError('23505'), { code: 'OTHER' }))).toBe('23505');
    expect(postgresCode(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }))).toBeUndefined();
    expect(driverCode(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(driverCode(new Error('plain'))).toBeUndefined();
  });
});

describe('codeForStatus', () => {
  it('gives answers without a code of their own the general code of their status', () => {
    expect([400, 401, 403, 404, 409, 413, 415, 429, 405, 500, 502, 503].map(codeForStatus)).toEqual([
      'BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED',
      'BAD_REQUEST', 'INTERNAL', 'INTERNAL', 'UNAVAILABLE',
    ]);
  });
});
