// The server's answers by their English (docs/decisions/0275). Most refusals and confirmations are English constants
// shared with the web app (common/*.ts: CHAT_ERRORS, REFERRAL_TEXTS, POST_NOT_FOUND...), given to AppError or sent as
// `{msg}`. Each has a catalogue message with the same English here, so the error module says it in the reader's
// language without the constant changing type for the web app; server/features/server-texts.test.ts fails on a
// server text that has none.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '../../../common/i18n/locales.ts';
import { formatText, type LocalText } from '../i18n.ts';
import { ACCESS, ERRORS } from '../error-texts.ts';
import { SERVER_ACCOUNTS } from './accounts.ts';
import { SERVER_ADMIN } from './admin.ts';
import { SERVER_CHAT } from './chat.ts';
import { SERVER_FILES } from './files.ts';
import { SERVER_FORUMS } from './forums.ts';
import { SERVER_GENERAL } from './general.ts';
import { SERVER_GROUPS } from './groups.ts';
import { SERVER_MODERATION } from './moderation.ts';
import { SERVER_NOTIFICATIONS } from './notifications.ts';
import { SERVER_PRACTICES } from './practices.ts';
import { SERVER_PRIVACY } from './privacy.ts';
import { SERVER_REFERRALS } from './referrals.ts';

type Message = { id: string; defaultMessage: string };

const BY_ENGLISH = new Map<string, Message>();
for (const set of [ERRORS, ACCESS, SERVER_ACCOUNTS, SERVER_ADMIN, SERVER_CHAT, SERVER_FILES, SERVER_FORUMS, SERVER_GENERAL, SERVER_GROUPS,
  SERVER_MODERATION, SERVER_NOTIFICATIONS, SERVER_PRACTICES, SERVER_PRIVACY, SERVER_REFERRALS]) {
  for (const message of Object.values(set) as Message[]) if (!BY_ENGLISH.has(message.defaultMessage)) BY_ENGLISH.set(message.defaultMessage, message);
}

/** The catalogue message whose English is exactly `english`, if the catalogue has one. */
export function knownText(english: string): LocalText | undefined {
  const message = BY_ENGLISH.get(english);
  return message && { id: message.id, defaultMessage: message.defaultMessage };
}

/** One of the catalogued English texts in `locale`; an unknown text stays as it is. */
export function inLocale(english: string, locale: Locale): string {
  const known = knownText(english);
  return known ? formatText(known, locale) : english;
}

/**
 * A route's `{msg}` confirmation ("Post deleted.", BLOCK_TEXTS.blocked) in the request's language, in one place: the
 * routes answer the shared English constants the web app knows, and this says them in the reader's language.
 */
export function registerConfirmations(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request: FastifyRequest, _reply, payload: unknown) => {
    if (request.locale === DEFAULT_LOCALE || !payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const { msg } = payload as { msg?: unknown };
    return typeof msg === 'string' ? { ...payload, msg: inLocale(msg, request.locale) } : payload;
  });
}
