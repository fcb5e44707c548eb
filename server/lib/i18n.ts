// The server's words in the member's language (docs/decisions/0260): one ICU message catalogue per locale, shared with
// the web app (common/i18n/lang), through FormatJS's core (@formatjs/intl, the engine under react-intl). A message is
// written once in English where it is used (defineMessages, with a description for translators); the catalogue
// extraction (npm run i18n:extract) collects it, and common/i18n/lang/fr-CA.json holds its French.
import fs from 'node:fs';
import path from 'node:path';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chooseLocale, DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '../../common/i18n/locales.ts';

/** A message in English with its catalogue id and its values, formatted in each reader's language when sent. */
export type LocalText = { id: string; defaultMessage: string; values?: Record<string, string | number> };

const LANG_DIR = path.join(import.meta.dirname, '../../common/i18n/lang');
const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();

/** A locale's messages by id (docs/decisions/0271: the server draws members' screens with them too). */
export function catalogue(locale: Locale): Record<string, string> {
  // English is the messages' own text (their defaultMessage): no catalogue to load.
  if (locale === DEFAULT_LOCALE) return {};
  return JSON.parse(fs.readFileSync(path.join(LANG_DIR, `${locale}.json`), 'utf8')) as Record<string, string>;
}

/** One formatter per locale, made at first use and kept (the catalogues are read once). */
function intlFor(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    // A message missing from a catalogue falls back to its English (the catalogue test keeps them complete).
    intl = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages: catalogue(locale), onError: () => undefined }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/** A LocalText in `locale`. */
export function formatText(text: LocalText, locale: Locale = DEFAULT_LOCALE): string {
  // A message defined elsewhere (its id, English and description are there), formatted here for the reader.
  // eslint-disable-next-line formatjs/enforce-description, formatjs/enforce-default-message
  return intlFor(locale).formatMessage({ id: text.id, defaultMessage: text.defaultMessage }, text.values);
}

/** A catalogue message with its values, to be formatted in the reader's language. */
export function localText(message: { id: string; defaultMessage: string }, values?: Record<string, string | number>): LocalText {
  return { id: message.id, defaultMessage: message.defaultMessage, values };
}

type Message = { id: string; defaultMessage: string };
/** Formats catalogue messages in one language (a mail's subject and body). */
export type Say = (message: Message, values?: Record<string, string | number>) => string;

/** Says messages in `locale`. */
export function sayIn(locale: Locale): Say {
  return (message, values) => formatText(localText(message, values), locale);
}

/**
 * The language of a mail to a member: their chosen language, else the one of the request that caused the mail (when
 * the recipient is the one asking, or has no account), else English.
 */
export function mailLocale(preference: string | null | undefined, requestLocale?: Locale): Locale {
  return isLocale(preference) ? preference : requestLocale ?? DEFAULT_LOCALE;
}

const validZone = (zone: string | null | undefined): string => {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
};

/**
 * A moment in a mail. English keeps the form its mails always had ("2026-12-03 19:05 UTC"); other languages say it with
 * Intl in the reader's time zone ("mercredi 2 décembre 2026 à 19 h 05 HNE").
 */
export function formatMoment(at: Date, locale: Locale, timeZone?: string | null): string {
  if (locale === DEFAULT_LOCALE) return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
    timeZone: validZone(timeZone),
  }).format(at);
}

/** A calendar day (YYYY-MM-DD) in a mail: English keeps the ISO day; other languages say it ("3 décembre 2026"). */
export function formatDay(day: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

function cookieLocale(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE) return value;
  }
  return undefined;
}

/** The language a visitor chose in the footer (the cookie's), if any: unlike the browser's, a choice worth keeping. */
export function chosenLocale(headers: { cookie?: string }): Locale | undefined {
  const chosen = cookieLocale(headers.cookie);
  return isLocale(chosen) ? chosen : undefined;
}

/** The language of a request or a socket's handshake: the member's choice, else the cookie's, else the browser's. */
export function localeOfHeaders(headers: { cookie?: string; 'accept-language'?: string }, preference?: string | null): Locale {
  return chooseLocale(preference, cookieLocale(headers.cookie), headers['accept-language']);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in (server/lib/i18n.ts). */
    locale: Locale;
  }
}

/** Decides each request's language once the session is known (so after registerAuth). */
export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.locale = localeOfHeaders(request.headers, request.user?.locale);
  });
}
