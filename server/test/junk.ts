// Generators of hostile input for the property-based tests (server/test/input-fuzz.test.ts): strings no form would
// send, cursors that decode to impossible dates and ranks, and values of the wrong type. Driven by JSON schemas, as
// the OpenAPI description gives them, so a new route or field is covered without editing the test.
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

const SOME_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const b64 = (text: string) => Buffer.from(text).toString('base64url');

// Dates PostgreSQL would refuse (or JavaScript would roll over) while a regular expression accepts their shape.
const IMPOSSIBLE_DATES = [
  '0000-01-01T00:00:00Z', '2026-13-01T00:00:00Z', '2026-02-30T00:00:00Z', '2026-00-10T00:00:00Z', '2026-01-32T00:00:00Z',
  '2026-01-01T24:00:00Z', '2026-01-01T23:60:00Z', '9999-12-31T23:59:60Z', '+275760-09-13T00:00:00Z', '-000001-01-01T00:00:00Z',
  '2026-01-01T00:00:00+25:00', '99999-01-01T00:00:00Z',
];
const CURSOR_STAMPS = ['2026-13-01T00:00:00.000000Z', '0000-01-01T00:00:00.000000Z', '2026-02-30T00:00:00.000000Z',
  '9999-99-99T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z'];
const RANKS = ['1e999', '-1e999', 'NaN', 'Infinity', '-0', '1e-50', '3.5e38', '0x10', ''];

/** Base64url cursors of every shape the decoders know, holding impossible parts, and plain garbage. */
const junkCursor: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('!!!', '====', 'a', '%', '..', 'null', 'undefined', '[]', '{}', b64('|'), b64('||||||||'), b64('\u0000')),
  fc.tuple(fc.constantFrom(...CURSOR_STAMPS), fc.constantFrom(SOME_ID, 'not-an-id', '')).map(([at, id]) => b64(`${at}|${id}`)),
  fc.tuple(fc.constantFrom(...CURSOR_STAMPS), fc.constantFrom(SOME_ID, 'x')).map(([at, id]) => b64(`n|${at}|${id}`)),
  fc.tuple(fc.constantFrom(...RANKS), fc.constantFrom(...CURSOR_STAMPS), fc.constantFrom(...CURSOR_STAMPS))
    .map(([rank, top, at]) => b64(`w|${top}|${SOME_ID}|||${rank}|${at}|${SOME_ID}`)),
  fc.string({ unit: 'binary', maxLength: 40 }).map(b64),
);

// Characters that break naive code: C0 controls and DEL, lone surrogates, zero-width and bidi controls, BOM,
// combining marks, non-characters, emoji with joiners and a character outside the BMP.
const ODD = ['\u0000', '\u0001', '\u0008', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f', '\u0085', '\u00a0',
  '\ud800', '\udfff', '\ud83d', '\u200b', '\u200c', '\u200d', '\u200e', '\u202e', '\u2066', '\u2069', '\u2028', '\ufeff',
  '\u0301', '\ufffe', '\uffff', '👩\u200d⚕️', '🏳️\u200d🌈', '𝕏', '%', '%00', "'", '"', '\\', '|', '<', '&', ';', '*', '_'];

const oddChar = fc.oneof(fc.constantFrom(...ODD), fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)));
const mixed = fc.array(fc.oneof(oddChar, fc.string({ unit: 'grapheme-ascii', maxLength: 6 })), { maxLength: 12 }).map((parts) => parts.join(''));

/** A string a form would never send. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: mixed },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '   ', '\u200b', '\u202e', '\ufeff', '\u0000', 'a\u0000b') },
  { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1e999', '-1e999', 'NaN', 'Infinity', '1.5', '99999999999999999999999', '0x1F', 'true', 'null') },
  { weight: 2, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES) },
  { weight: 2, arbitrary: junkCursor },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '\u00e9', '👩\u200d⚕️', '\u200b', '\u0001'), fc.integer({ min: 200, max: 30_000 })).map(([c, n]) => c.repeat(n)) },
);

/** A value of the wrong type for any field. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: junkString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, 0, -1, 1e308, -1e308, 0.5, [], {}, [null], ['\u0000'], { $gt: '' }, { toString: 'x' }) },
);

const ISO = fc.date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());

/**
 * A value the schema accepts, so that the other fields of a request get past validation and junk in one field
 * reaches the service and SQL. `ids` are real rows, so ids sometimes name something that exists.
 */
export function validValue(schema: JsonSchema, ids: readonly string[], name = ''): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => validValue(branch, ids, name)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') return validString(schema, ids, name);
  if (type === 'integer' || type === 'number') return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 100, 1000) });
  if (type === 'boolean') return fc.boolean();
  if (type === 'null') return fc.constant(null);
  if (type === 'array') return fc.array(validValue(schema.items ?? {}, ids), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
  if (type === 'object') return objectOf(schema, ids, (inner, field) => validValue(inner, ids, field));
  return fc.constant('x');
}

// Fields whose schema alone does not say what passes (a service checks an email's shape, a password's strength).
const BY_NAME: [RegExp, string][] = [[/email/i, 'someone@example.test'], [/password/i, 'strong-Password-42!'], [/link|url|avatar/i, 'https://example.test/a']];

function validString(schema: JsonSchema, ids: readonly string[], name: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return ids.length ? fc.constantFrom(...ids) : fc.uuid();
  if (schema.format === 'date-time') return ISO;
  if (schema.format === 'uri') return fc.constantFrom('https://example.test/a.png', 'https://example.test/x?y=1');
  const named = BY_NAME.find(([pattern]) => pattern.test(name));
  if (named) return fc.constant(named[1]);
  const min = schema.minLength ?? 0;
  return fc.constantFrom('Grief', 'hello world', 'Toronto', 'CBT', 'strong-Password-42!', 'someone@example.test')
    .map((text) => text.padEnd(min, 'x').slice(0, schema.maxLength ?? 10_000));
}

/** A value where any string (or array of strings, or nested field) may be junk; the rest are valid. */
export function fuzzedValue(schema: JsonSchema, ids: readonly string[], name = ''): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => fuzzedValue(branch, ids, name)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') return objectOf(schema, ids, (inner, field) => fuzzedValue(inner, ids, field));
  if (type === 'array') {
    return fc.oneof(validValue(schema, ids, name), fc.array(fuzzedValue(schema.items ?? {}, ids), { maxLength: 4 }), junkValue);
  }
  return fc.oneof({ weight: 2, arbitrary: validValue(schema, ids, name) }, { weight: 3, arbitrary: junkValue });
}

/** The paths of every leaf a request can carry junk in: `name`, `a.b`, `list[]` (an item), `''` for the value itself. */
export function leafPaths(schema: JsonSchema, path = ''): string[] {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return [...new Set(branches.flatMap((branch) => leafPaths(branch, path)))];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' && schema.properties) {
    return Object.entries(schema.properties).flatMap(([name, inner]) => leafPaths(inner, path ? `${path}.${name}` : name));
  }
  if (type === 'array') return [path, ...leafPaths(schema.items ?? {}, `${path}[]`)];
  return [path];
}

/**
 * A valid value but for one leaf (`target`, from leafPaths), which gets junk: the other fields pass validation, so the
 * junk alone decides what happens, and junk a schema lets through (a title of emoji and bidi marks) reaches SQL.
 */
export function focusedValue(schema: JsonSchema, ids: readonly string[], target: string, path = ''): fc.Arbitrary<unknown> {
  if (path === target) return junkValue;
  const onPath = target.startsWith(path);
  if (!onPath) return validValue(schema, ids);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const leading = branches.filter((branch) => leafPaths(branch, path).includes(target));
    return fc.oneof(...(leading.length ? leading : branches).map((branch) => focusedValue(branch, ids, target, path)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'array') {
    const item = focusedValue(schema.items ?? {}, ids, target, `${path}[]`);
    return fc.tuple(fc.array(validValue(schema.items ?? {}, ids), { maxLength: 2 }), item).map(([valid, odd]) => [...valid, odd]);
  }
  if (type !== 'object') return validValue(schema, ids);
  const entries = Object.entries(schema.properties ?? {}).map(([name, inner]) => {
    const inside = path ? `${path}.${name}` : name;
    const aimed = target === inside || target.startsWith(`${inside}.`) || target.startsWith(`${inside}[]`);
    if (aimed) return [name, focusedValue(inner, ids, target, inside)] as const;
    const value = validValue(inner, ids, name);
    return [name, (schema.required ?? []).includes(name) ? value : fc.option(value, { nil: undefined, freq: 3 })] as const;
  });
  return fc.record(Object.fromEntries(entries)).map(withoutUndefined);
}

const withoutUndefined = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));

function objectOf(schema: JsonSchema, ids: readonly string[], field: (inner: JsonSchema, name: string) => fc.Arbitrary<unknown>) {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {}).map(([name, inner]) => {
    const value = required.has(name) ? field(inner, name) : fc.option(field(inner, name), { nil: undefined, freq: 3 });
    return [name, value] as const;
  });
  return fc.record(Object.fromEntries(entries)).map(withoutUndefined);
}

/**
 * Percent-encodes a string as a client would put it in a URL (lone surrogates become U+FFFD, as in any UTF-8
 * encoder); `raw` parts are sent as they are, for byte sequences no encoder produces (overlong NUL, bare `%`).
 */
export function urlEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => {
    const char = String.fromCharCode(byte);
    return /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** Already-encoded URL fragments that are not valid UTF-8 or not valid percent-encoding. */
export const rawUrlJunk = fc.constantFrom('%FF', '%C0%80', '%ED%A0%80', '%', '%zz', '%E2%80', '%00', '..%2F..%2Fetc', '%2e%2e');
