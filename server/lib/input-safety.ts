import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

// PostgreSQL text cannot hold U+0000: a NUL anywhere in a body, query or path reaches SQL as an encoding error.
// Refused here, once for every route, before validation, so each feature's schemas need not repeat it.
const NUL = '\u0000';

/** The path of the first string holding a NUL ('' for the value itself), or null when there is none. */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(NUL)) return path ? `${path}.${key.replaceAll(NUL, '')}` : key.replaceAll(NUL, '');
    const found = nulPath(inner, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

export function assertNoNul(value: unknown, context: string): void {
  const path = nulPath(value);
  if (path !== null) throw new AppError(400, 'VALIDATION', `Invalid ${path || context}: must not contain NUL characters`);
}

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertNoNul(request.params, 'params');
    assertNoNul(request.query, 'query');
    assertNoNul(request.body, 'body');
  });
}
