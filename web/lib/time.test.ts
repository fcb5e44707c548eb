import { describe, expect, it } from 'vitest';
import { pseudoCatalogue, pseudoText } from './pseudo-locale.ts';
import { createIntl } from 'react-intl';
import french from '../../common/i18n/lang/fr-CA.json' with { type: 'json' };
import { elapsed, timeAgo } from './time.ts';

const now = new Date('2026-11-28T12:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const english = createIntl({ locale: 'en', messages: {} });
const inFrench = createIntl({ locale: 'fr-CA', messages: french });

describe('relative times', () => {
  it("keep the spec's compact English", () => {
    expect(timeAgo(english, before(2), now)).toBe('just now');
    expect(timeAgo(english, before(12), now)).toBe('12s ago');
    expect(timeAgo(english, before(5 * 60), now)).toBe('5m ago');
    expect(timeAgo(english, before(3 * 3600), now)).toBe('3h ago');
    expect(timeAgo(english, before(2 * 86400), now)).toBe('2d ago');
    expect(timeAgo(english, before(40 * 86400), now)).toBe('1mo ago');
    expect(timeAgo(english, before(400 * 86400), now)).toBe('1y ago');
  });

  it('are the catalogue\'s compact words in French', () => {
    expect(timeAgo(inFrench, before(5 * 60), now)).toBe('il y a 5 min');
    expect(timeAgo(inFrench, before(2), now)).toBe('à l’instant');
    expect(timeAgo(inFrench, before(800 * 86400), now)).toBe('il y a 2 ans');
  });

  it('count a clock a little ahead of the server as now', () => {
    expect(elapsed(before(-30), now)).toBeNull();
    expect(elapsed(before(60), now)).toEqual({ count: 1, unit: 'minute' });
  });
});

describe('the pseudo-locale', () => {
  it('accents and lengthens the text, keeping placeholders', () => {
    expect(pseudoText('Settings')).toBe('Šééţţîîñĝš');
    const page = pseudoCatalogue()['components.pagination.page'].map((e) => ('value' in e ? e.value : ''));
    expect(page).toEqual(['[', 'Þááĝéé ', 'page', ']']);
  });
});
