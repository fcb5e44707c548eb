import { describe, expect, it } from 'vitest';
import { REFERRAL_TEXTS } from '../../../common/referrals.ts';
import { formatDay, needsLine } from './components/labels.ts';
import { check, EMPTY_NEEDS, needsOf, today, type NeedsForm } from './form.ts';

const COMPLETE: NeedsForm = {
  ...EMPTY_NEEDS, ageGroup: 'Teen', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON',
};
const NOON = new Date(2026, 10, 24, 12, 0, 0);

describe('the referral form before sending', () => {
  it('passes complete needs sent to a colleague or to the board', () => {
    expect(check(COMPLETE, ['a'], false, NOON)).toEqual({});
    expect(check(COMPLETE, [], true, NOON)).toEqual({});
  });

  it('names each missing need, and the missing audience in the server\'s words', () => {
    expect(check(EMPTY_NEEDS, [], false, NOON)).toEqual({
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
    expect(check({ ...COMPLETE, neededBy: '2026-11-23' }, ['a'], false, NOON)).toEqual({ neededBy: REFERRAL_TEXTS.neededByPast });
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
    expect(needsLine({ ageGroup: 'Teen', concerns: ['Anxiety', 'Grief'], sessionFormats: ['Online'], region: 'ON' }))
      .toBe('Teen · Anxiety, Grief · Online · Ontario');
  });

  it('reads a calendar day without a time zone moving it', () => {
    expect(new Date(2026, 11, 1).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })).toBe(formatDay('2026-12-01'));
  });
});
