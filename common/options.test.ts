import { describe, expect, it } from 'vitest';
import { LANGUAGES, MODALITIES } from './options.ts';
import { REGION_CODES } from './regions.ts';

const alphabetical = (list: readonly string[]) => [...list].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));

describe('option lists', () => {
  it('lists modalities alphabetically to the end (the last five were appended out of order)', () => {
    expect(MODALITIES).toEqual(alphabetical(MODALITIES));
  });

  it('lists languages alphabetically', () => {
    expect(LANGUAGES).toEqual(alphabetical(LANGUAGES));
  });

  it('has one region per code', () => {
    expect(new Set(REGION_CODES).size).toBe(REGION_CODES.length);
    expect(REGION_CODES).toHaveLength(13 + 51);
  });
});
