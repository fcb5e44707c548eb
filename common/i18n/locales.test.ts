import { describe, expect, it } from 'vitest';
import { chooseLocale } from './locales.ts';

describe('chooseLocale', () => {
  it('takes the member\'s preference, then the cookie\'s choice, then the browser\'s languages', () => {
    expect(chooseLocale('fr-CA', 'en', 'en-US')).toBe('fr-CA');
    expect(chooseLocale(null, 'fr-CA', 'en-US')).toBe('fr-CA');
    expect(chooseLocale(undefined, undefined, 'fr-CA,en;q=0.8')).toBe('fr-CA');
    expect(chooseLocale('de', 'xx', 'en-GB')).toBe('en');
  });

  it('matches a language by its tag or by the language alone, in the order the browser wants them', () => {
    expect(chooseLocale(null, undefined, 'fr-FR')).toBe('fr-CA');
    expect(chooseLocale(null, undefined, 'FR')).toBe('fr-CA');
    expect(chooseLocale(null, undefined, 'de-DE,fr;q=0.5')).toBe('fr-CA');
    expect(chooseLocale(null, undefined, 'en;q=0.4,fr-BE;q=0.9')).toBe('fr-CA');
    expect(chooseLocale(null, undefined, 'en-GB,fr;q=0.9')).toBe('en');
  });

  it('falls back to English for languages we do not speak, refused ones and junk', () => {
    expect(chooseLocale(null, undefined, 'de-DE,es')).toBe('en');
    expect(chooseLocale(null, undefined, 'fr;q=0')).toBe('en');
    expect(chooseLocale(null, undefined, '*')).toBe('en');
    expect(chooseLocale(null, undefined, '\u0000fr, ;;;')).toBe('en');
    expect(chooseLocale(null, undefined, undefined)).toBe('en');
    expect(chooseLocale(null, undefined, 'x'.repeat(10_000))).toBe('en');
  });
});
