import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import { SERVER_GENERAL } from './texts/general.ts';
import { localText } from './i18n.ts';

// Two refusals for every route and socket event, before validation, so each feature's schemas need not repeat them:
// - PostgreSQL text cannot hold U+0000: a NUL anywhere in a body, query or path would reach SQL as an encoding error.
// - No request of this app nests deeper than a few levels: a body nested thousands deep would make every recursive
//   walk (ours, zod's, the serializer's) overflow the stack and cost the event loop its parse. Bodies are measured on
//   their raw text before JSON.parse; parsed values (query, params, socket payloads) are walked without recursion.
// See docs/decisions/0120-input-nesting-bound.md.
const NUL = '\u0000';
/** The deepest nesting of objects and arrays any request may carry (the deepest real body is about 4). */
export const MAX_NESTING = 64;
export const TOO_DEEP = `The request nests objects or arrays more than ${MAX_NESTING} levels deep.`;

const tooDeep = () => new AppError(400, 'VALIDATION', TOO_DEEP);

/** Whether JSON text opens more than `max` objects or arrays inside one another (a linear scan; strings skipped). */
export function jsonNestsDeeper(text: string, max = MAX_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

type Visit = { value: unknown; path: string; depth: number };
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * The path of the first string holding a NUL ('' for the value itself), or null when there is none. Walks with its own
 * stack, depth first in key order; throws the 400 TOO_DEEP refusal past MAX_NESTING levels.
 */
function nulPath(value: unknown): string | null {
  const stack: Visit[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_NESTING) throw tooDeep();
    const entries = Object.entries(current);
    for (const [key] of entries) if (key.includes(NUL)) return join(path, key.replaceAll(NUL, ''));
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], path: join(path, entries[i][0]), depth: depth + 1 });
  }
  return null;
}

/** Refuses a value nested too deeply or holding a NUL, with a 400 `{msg, code}`. */
export function assertSafeInput(value: unknown, context: string): void {
  const path = nulPath(value);
  if (path !== null) throw new AppError(400, 'VALIDATION', localText(SERVER_GENERAL.fieldHasNul, { field: path || context }));
}

/** JSON bodies are measured before they are parsed; then Fastify's own parser (prototype poisoning refused) reads them. */
function registerJsonDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeper(text)) {
      done(tooDeep(), undefined);
      return;
    }
    void parse(request, text, done);
  });
}

export function registerInputGuard(app: FastifyInstance): void {
  registerJsonDepthLimit(app);
  app.addHook('preValidation', async (request) => {
    assertSafeInput(request.params, 'params');
    assertSafeInput(request.query, 'query');
    assertSafeInput(request.body, 'body');
  });
}
