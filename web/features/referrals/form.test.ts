import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { REFERRAL_TEXTS } from '../../../common/referrals.ts';
import { formatDay, needsLine } from './components/labels.ts';
import { check, EMPTY_NEEDS, needsOf, today, type NeedsForm } from './form.ts';

const COMPLETE: NeedsForm = {
  ...EMPTY_NEEDS, ageGroup: 'Teen', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON',
};
const NOON = new Date(2026, 10, 24, 12, 0, 0);
const english = createIntl({ locale: 'en' });
/** The errors as the form shows them in English. */
const worded = (errors: ReturnType<typeof check>) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, english.formatMessage(message)]));

describe('the referral form before sending', () => {
  it('passes complete needs sent to a colleague or to the board', () => {
    expect(check(COMPLETE, ['a'], false, NOON)).toEqual({});
    expect(check(COMPLETE, [], true, NOON)).toEqual({});
  });

  it('names each missing need, and the missing audience in the server\'s words', () => {
    expect(worded(check(EMPTY_NEEDS, [], false, NOON))).toEqual({
      ageGroup: 'Choose the client\'s age group.',
      region: 'Choose where the client lives.',
      concerns: 'Choose at least one concern.',
      sessionFormats: 'Choose at least one session format.',
      audience: REFERRAL_TEXTS.noAudience,
    });
  });

  it('accepts today as "needed by" and refuses yesterday', () => {
    expect(today(NOON)).toBe('2026-11-24');
    expect(check({ ...COMPLETE, neededBy: '2026-11-24' }, ['a'], false, NOON)).toEqual({});
    expect(worded(check({ ...COMPLETE, neededBy: '2026-11-23' }, ['a'], false, NOON))).toEqual({ neededBy: REFERRAL_TEXTS.neededByPast });
  });

  it('asks for suggestions with the needs only, never the note', () => {
    const needs = needsOf({ ...COMPLETE, note: 'Prefers evenings', urgency: 'urgent', neededBy: '2026-12-01' });
    expect(needs).toEqual({
      ageGroup: 'Teen', concerns: ['Anxiety'], modalities: [], sessionFormats: ['Online'], region: 'ON', languages: [], feeModels: [],
    });
  });

});

describe('referral labels', () => {
  it('writes the needs in one line with the region\'s name', () => {
    const labels = { ageGroup: String, specialty: String, sessionFormat: String, region: (code: string) => (code === 'ON' ? 'Ontario' : code) };
    expect(needsLine({ ageGroup: 'Teen', concerns: ['Anxiety', 'Grief'], sessionFormats: ['Online'], region: 'ON' }, labels))
      .toBe('Teen · Anxiety, Grief · Online · Ontario');
  });

  it('reads a calendar day without a time zone moving it, in the member\'s language', () => {
    expect(formatDay(english, '2026-12-01')).toBe('December 1, 2026');
    expect(formatDay(createIntl({ locale: 'fr-CA' }), '2026-12-01')).toBe('1 décembre 2026');
  });
});
