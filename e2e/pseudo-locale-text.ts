// What the pseudo-locale sweep (e2e/pseudo-locale.spec.ts) reads on a page: text still in plain English.
import type { Page, Response } from '@playwright/test';
import { PLATFORMS } from '../common/device.ts';
import {
  ACCEPTING_STATUSES, AGE_GROUPS, FEE_MODELS, GENDERS, LANGUAGES, MODALITIES, RESOURCE_CATEGORIES, SESSION_FORMATS, SPECIALTIES,
} from '../common/options.ts';
import { REGIONS } from '../common/regions.ts';

// Codes the server sends that the screen must label: a resource's category, a device's platform, the profile's options.
const OPTION_VALUES = new Set<string>([
  ...SPECIALTIES, ...MODALITIES, ...AGE_GROUPS, ...GENDERS, ...SESSION_FORMATS, ...FEE_MODELS, ...LANGUAGES, ...ACCEPTING_STATUSES,
  ...RESOURCE_CATEGORIES, ...PLATFORMS, ...REGIONS.flatMap((r) => [r.code, r.name]),
]);

// Words that are names, not English: the product's and the software's. Relative times in English's compact form ("5m
// ago") are the spec's, written by web/lib/time.ts for English and en-XA alike. A full date and time is Intl's, in the
// reader's locale (en-XA falls back to English's "AM" and "PM"), not the catalogue's.
// Its month and weekday names and time-zone abbreviations too ("Tuesday, December 1 at 7:00 PM EST"), and a web
// address's "https://" prefix in a field.
const NAMES = new RegExp([
  'Thera Root', 'Mantine', 'React', String.raw`\b(just now|\d+(s|m|h|d|mo|y) ago)\b`, String.raw`\d{1,2}:\d{2}(:\d{2})?\s?(AM|PM)\b`,
  String.raw`\b(January|February|March|April|May|June|July|August|September|October|November|December)\b`,
  String.raw`\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b`, String.raw`\b(at|[ECMP][SD]T|UTC|GMT)\b`, 'https://',
].join('|'), 'g');

export type Found = { text: string; where: 'shell' | 'screen' };

/** Visible text (and text in labels, placeholders and titles) with two plain Latin letters in a row. */
export async function untranslated(page: Page, ignore: string[], productNames: string[] = []): Promise<Found[]> {
  return page.evaluate(({ ignore, names, productNames }) => {
    // Data of one plain word ("Online", "Anxiety") is also a code the screen should label: it counts only as the whole
    // text. Longer data (names, titles, addresses) and software's names ("Chrome", "Linux") count wherever they appear,
    // as a message's argument.
    const words = new Set(ignore.filter((data) => /^[A-Za-z]+$/.test(data)));
    const phrases = [...ignore.filter((data) => !words.has(data)), ...productNames].sort((a, b) => b.length - a.length);
    const plain = (text: string) => {
      if (words.has(text.trim())) return false;
      let rest = text;
      for (const data of phrases) if (rest.includes(data)) rest = rest.split(data).join('');
      rest = rest.replace(new RegExp(names, 'g'), '');
      return /[A-Za-z]{2,}/.test(rest);
    };
    const found: { text: string; where: 'shell' | 'screen' }[] = [];
    const note = (text: string, element: Element) => {
      // Text in a language of its own (the language switch's "English", "Français") is not to be translated, nor
      // what members wrote or are called, marked as HTML marks it: translate="no".
      if (element.closest('[lang]:not(html), [translate="no"]')) return;
      if (!plain(text)) return;
      found.push({ text: text.trim().slice(0, 120), where: element.closest('main') ? 'screen' : 'shell' });
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent ?? '';
      if (!element || !text.trim() || element.closest('script, style, noscript')) continue;
      if (!element.checkVisibility({ visibilityProperty: true }) && !element.closest('.sr-only, [class*="VisuallyHidden"]')) continue;
      note(text, element);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      // visibility: hidden too: Mantine's autosize textarea measures text in a hidden copy named "autosize measurement".
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name);
        if (value) note(value, element);
      }
    }
    if (plain(document.title)) found.push({ text: `<title> ${document.title}`, where: 'shell' });
    return [...new Map(found.map((f) => [f.text, f])).values()];
  }, { ignore, names: NAMES.source, productNames });
}

// Fields in which the server would send English it did not word: what they hold is reported, not failed. None today.
// A profession is the member's own words; a resource's category and a device's platform are codes the web labels
// (OPTION_VALUES); a device is product names and that code; a time zone is an IANA id that Intl names; a `label` is an
// unsubscribe link's kind said in the reader's language, or an onboarding step's English the web ignores (it words the
// steps by key); a push device's name is worded by the web app in the member's language when it is turned on.
const SERVER_ENGLISH_KEYS = new Set<string>();
// A device's browser and system are software's names, said as they are in every language (common/device.ts).
const PRODUCT_NAME_KEYS = new Set(['browser', 'os']);

/**
 * The texts the server sent the page (API answers and the state a server-drawn page carries): data, such as what
 * members wrote, their names, the demo data, and texts the server words in the member's language (never in the
 * pseudo-locale, which only the web app knows). `data` holds them; `serverEnglish` what SERVER_ENGLISH_KEYS hold.
 */
export function watchServerTexts(page: Page): {
  data: Set<string>; serverEnglish: Set<string>; productNames: Set<string>; settled: () => Promise<void>;
} {
  const data = new Set<string>();
  const serverEnglish = new Set<string>();
  const productNames = new Set<string>();
  const walk = (value: unknown, key = '') => {
    if (typeof value === 'string') {
      if (!/[A-Za-z]{2,}/.test(value) || value.length > 2000) return;
      if (PRODUCT_NAME_KEYS.has(key)) productNames.add(value);
      else if (SERVER_ENGLISH_KEYS.has(key)) serverEnglish.add(value);
      // An option list's value ("Online", "Teen") is a code the screen must label, not data.
      else if (!OPTION_VALUES.has(value)) data.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  const read = async (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    try {
      if (type.includes('application/json')) walk(await response.json());
      else if (type.includes('text/html')) {
        const state = /<script[^>]*id="thera-page-state"[^>]*>([\s\S]*?)<\/script>/.exec(await response.text());
        if (state) walk(JSON.parse(state[1]));
      }
    } catch {
      // A redirect or an aborted load has no body: nothing to read.
    }
  };
  // A body is read after its response event, while the page goes on drawing it: the sweep waits for every read
  // (settled) before it looks at the page, or a name the server sent can look like English (flaky under load in CI).
  const reading = new Set<Promise<void>>();
  page.on('response', (response) => {
    const done = read(response).finally(() => reading.delete(done));
    reading.add(done);
  });
  const settled = async () => {
    while (reading.size) await Promise.all([...reading]);
  };
  return { data, serverEnglish, productNames, settled };
}
