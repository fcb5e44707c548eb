// What an error may say in a log line. Driver and ORM errors carry the SQL with its parameters (emails, password
// hashes, licence numbers, message text) and PostgreSQL quotes the offending value in many messages; none of that
// may reach a log. Kept: the error's class, its SQLSTATE and constraint, a message with values masked, and the stack's
// frames (never its first line, which repeats the message).

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[A-Za-z]{2,}/g;
const ARGON = /\$argon2[^\s"']*/g;
const LONG_TOKEN = /\b[A-Za-z0-9_-]{24,}\b/g;
const QUOTED = /"[^"]*"|'[^']*'/g;

export type SafeError = { type: string; code?: string; constraint?: string; message: string; stack?: string };


type ErrorLike = Error & { code?: unknown; constraint?: unknown; cause?: unknown; query?: unknown };

/** The error (or, for an ORM's "Failed query" wrapper, its driver cause) with every value masked. */
export function safeError(error: unknown): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[non-error value]' };
  const wrapped = error as ErrorLike;
  // Drizzle wraps the driver's error and puts the SQL and its parameters into its own message.
  const inner = (wrapped.query !== undefined && wrapped.cause instanceof Error ? wrapped.cause : wrapped) as ErrorLike;
  const code = typeof inner.code === 'string' ? inner.code : undefined;
  return {
    type: wrapped.name,
    code,
    constraint: typeof inner.constraint === 'string' ? inner.constraint : undefined,
    message: maskValues(inner === wrapped ? firstLine(wrapped.message) : `Failed query: ${firstLine(inner.message)}`),
    stack: wrapped.stack?.split('\n').slice(1).filter((line) => line.trimStart().startsWith('at ')).join('\n'),
  };
}

export function maskValues(text: string): string {
  return text.replace(EMAIL, '[email]').replace(ARGON, '[hash]').replace(QUOTED, '"…"').replace(LONG_TOKEN, '[token]');
}

const firstLine = (text: string) => text.split('\n', 1)[0].slice(0, 300);

/** pino serializers: every `err` passed to a logger goes through safeError. */
export const logSerializers: Record<string, (value: unknown) => unknown> = { err: safeError };
