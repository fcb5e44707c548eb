import { describe, expect, it } from 'vitest';
import { activeFilterCount, EMPTY_FILTERS, filtersFromParams, hasFilters, paramsFromFilters } from './filters.ts';

describe('directory filters in the URL', () => {
  it('round-trips every filter', () => {
    const filters = {
      q: 'amara', location: 'Toronto', specialties: ['Anxiety', 'Trauma and PTSD'], modalities: ['EMDR'],
      demographics: ['Elders (65+)'], sessionFormat: ['Walk & Talk'], accepting: ['accepting', 'waitlist'],
      languages: ['French', 'Langue des signes québécoise (LSQ)'], feeModels: ['Sliding scale'], region: 'QC', page: 3,
    };
    expect(filtersFromParams(new URLSearchParams(paramsFromFilters(filters).toString()))).toEqual(filters);
  });

  it('reads repeated and comma-separated lists, drops unknown values and duplicates', () => {
    const params = new URLSearchParams('specialties=Anxiety,Astrology&specialties=Grief,Anxiety&modalities=,CBT,');
    const f = filtersFromParams(params);
    expect(f.specialties).toEqual(['Anxiety', 'Grief']);
    expect(f.modalities).toEqual(['CBT']);
  });

  it('keeps a known region in any case and drops an unknown one', () => {
    expect(filtersFromParams(new URLSearchParams('region=on')).region).toBe('ON');
    expect(filtersFromParams(new URLSearchParams('region=Ontario')).region).toBe('');
    expect(filtersFromParams(new URLSearchParams('accepting=accepting,maybe')).accepting).toEqual(['accepting']);
    expect(hasFilters({ ...EMPTY_FILTERS, region: 'NY' })).toBe(true);
  });

  it('treats a missing, invalid or first page as page 1 and leaves it out of the URL', () => {
    for (const page of ['', '0', '-2', '1.5', 'abc', '1']) {
      expect(filtersFromParams(new URLSearchParams(`page=${page}`)).page).toBe(1);
    }
    expect(paramsFromFilters({ ...EMPTY_FILTERS, page: 1 }).toString()).toBe('');
  });

  it('trims text and knows when anything is filtered', () => {
    const f = filtersFromParams(new URLSearchParams('location=%20%20halifax%20&q='));
    expect(f.location).toBe('halifax');
    expect(hasFilters(f)).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTERS, page: 4 })).toBe(false);
  });
});

describe('the active filter count', () => {
  it('counts each filter that is set once', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, location: 'toronto', specialties: ['Grief', 'Anxiety'], region: 'ON', page: 3 })).toBe(3);
  });
});
