// The languages Thera Root speaks, and how a request's or a browser's language is chosen among them: a member's
// preference, else the browser's Accept-Language, else English (docs/decisions/0260). A third language is one entry
// here and one catalogue file in ./lang.
export const LOCALES = ['en', 'fr-CA'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * The cookie holding a visitor's or member's choice: read by the server to draw a page in that language, and kept at
 * sign-out, so the chosen language survives signing out and in.
 */
export const LOCALE_COOKIE = 'thera_locale';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The tags of an Accept-Language header (or navigator.languages), most wanted first; bounded, junk dropped. */
function requestedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header.slice(0, 500).split(',').slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ tag, q }) => q > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The best of our locales for these requested tags ('fr', 'fr-FR' and 'fr-CA' all give fr-CA), else English: the first
 * tag that names one of ours exactly, or by its language alone. With two locales of two languages this is all a
 * matcher does; @formatjs/intl-localematcher did it for 10 KB of every page's JavaScript.
 */
function negotiateLocale(requested: readonly string[]): Locale {
  for (const tag of requested) {
    const wanted = tag.toLowerCase();
    const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
    if (exact) return exact;
    const language = wanted.split('-')[0];
    const sameLanguage = LOCALES.find((l) => l.toLowerCase().split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return DEFAULT_LOCALE;
}

/** The locale of a request: the member's preference, else the cookie's choice, else the Accept-Language header. */
export function chooseLocale(preference: string | null | undefined, cookieChoice: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(preference)) return preference;
  if (isLocale(cookieChoice)) return cookieChoice;
  return negotiateLocale(requestedLanguages(acceptLanguage));
}

/** Each language's name in itself, as the language switch offers it (never translated: a reader looks for their own). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'fr-CA': 'Français' };
