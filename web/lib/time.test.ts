import { describe, expect, it } from 'vitest';
import { pseudoCatalogue, pseudoText } from './pseudo-locale.ts';
import { timeAgo } from './time.ts';

const now = new Date('2026-11-28T12:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relative times', () => {
  it("keep the spec's compact English", () => {
    expect(timeAgo(before(2), now)).toBe('just now');
    expect(timeAgo(before(12), now)).toBe('12s ago');
    expect(timeAgo(before(5 * 60), now)).toBe('5m ago');
    expect(timeAgo(before(3 * 3600), now, 'en')).toBe('3h ago');
    expect(timeAgo(before(2 * 86400), now)).toBe('2d ago');
    expect(timeAgo(before(400 * 86400), now)).toBe('1y ago');
  });

  it("are Intl's words in French", () => {
    expect(timeAgo(before(5 * 60), now, 'fr-CA')).toBe('il y a 5 minutes');
    expect(timeAgo(before(2), now, 'fr-CA')).toBe('maintenant');
  });
});

describe('the pseudo-locale', () => {
  it('accents and lengthens the text, keeping placeholders', () => {
    expect(pseudoText('Settings')).toBe('Šééţţîîñĝš');
    const page = pseudoCatalogue()['components.pagination.page'].map((e) => ('value' in e ? e.value : ''));
    expect(page).toEqual(['[', 'Þááĝéé ', 'page', ']']);
  });
});
