// The app's language (docs/decisions/0260, 0270): react-intl's provider with the locale's catalogue. English needs no
// catalogue (the messages' default texts are English); another locale's catalogue is its own chunk, loaded before the
// first render (web/app/start.tsx), so a French page is never drawn in English first. The browser's catalogues and
// default texts are compiled when the app is built (docs/decisions/0395): it has no message parser.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlProvider } from 'react-intl';
import { chooseLocale, DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '../../common/i18n/locales.ts';

/**
 * The pseudo-locale (accented, lengthened English: docs/decisions/0272), for the browser test that finds untranslated
 * text. Never offered: only chosen by the test hook below.
 */
export const PSEUDO_LOCALE = 'en-XA';
export type ShownLocale = Locale | typeof PSEUDO_LOCALE;
/**
 * Messages by id: compiled to syntax trees in the browser (`?ast` imports), as text where the server draws a page (it
 * hands its renderer the catalogue file, and that renderer keeps the parser).
 */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

// Each language but English, and how its catalogue is loaded: a chunk of its own, fetched only by who reads it. A third
// language is one line here (the type asks for it).
const CATALOGUES: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Record<string, MessageFormatElement[]> }>> = {
  'fr-CA': () => import('../../common/i18n/lang/fr-CA.json?ast'),
};

// The browser tests' hook: `localStorage[PSEUDO_KEY] = '1'` draws the app in the pseudo-locale.
const PSEUDO_KEY = 'thera_pseudo_locale';

export function pseudoLocaleChosen(): boolean {
  try {
    return localStorage.getItem(PSEUDO_KEY) === '1';
  } catch {
    return false;
  }
}

export async function loadCatalogue(locale: ShownLocale): Promise<Catalogue> {
  if (locale === PSEUDO_LOCALE) return (await import('./pseudo-locale.ts')).pseudoCatalogue();
  if (locale === DEFAULT_LOCALE) return {};
  return (await CATALOGUES[locale as Exclude<Locale, 'en'>]()).default;
}

function cookieChoice(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE) return value;
  }
  return undefined;
}

/** The browser's language: the member's preference, else the cookie's choice, else the browser's languages, else English. */
export function browserLocale(preference?: string | null): Locale {
  const languages = navigator.languages?.length ? navigator.languages.join(',') : navigator.language;
  return chooseLocale(preference, cookieChoice(), languages);
}

/** The language the server drew this page in (its `<html lang>`), which the takeover must draw in too. */
export function drawnLocale(): Locale | undefined {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : undefined;
}

/** Kept a year, and at sign-out (decision 0260): the server draws the next pages in it, signed in or not. */
function rememberLocale(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
}

type Choice = {
  locale: ShownLocale;
  /** Draws the app in `locale` (its catalogue loaded first) and remembers it in the cookie. */
  choose: (locale: Locale) => Promise<void>;
};

const ChoiceContext = createContext<Choice>({ locale: DEFAULT_LOCALE, choose: async () => undefined });

export const useLocaleChoice = () => useContext(ChoiceContext);

type Props = { locale?: ShownLocale; messages?: Catalogue; children: ReactNode };

// A message missing from a catalogue falls back to its English text; the catalogue test keeps that from shipping.
const ignoreMissing = () => undefined;

export function LocaleProvider({ locale = DEFAULT_LOCALE, messages = {}, children }: Props) {
  const [shown, setShown] = useState({ locale, messages });
  const current = useRef(locale);
  const choose = useCallback(async (next: Locale) => {
    rememberLocale(next);
    // The pseudo-locale stays until the test's hook is gone.
    if (next === current.current || current.current === PSEUDO_LOCALE) return;
    current.current = next;
    const loaded = await loadCatalogue(next);
    if (current.current !== next) return;
    document.documentElement.lang = next;
    setShown({ locale: next, messages: loaded });
  }, []);
  const choice = useMemo(() => ({ locale: shown.locale, choose }), [shown.locale, choose]);
  return (
    <ChoiceContext.Provider value={choice}>
      <IntlProvider locale={shown.locale} defaultLocale={DEFAULT_LOCALE} messages={shown.messages} onError={ignoreMissing}>
        {children}
      </IntlProvider>
    </ChoiceContext.Provider>
  );
}
