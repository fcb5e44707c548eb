// Provinces and states as grouped choices for Mantine's Select and MultiSelect (the directory filter, the profile form),
// labelled in the member's language ("Quebec (QC)" / « Québec (QC) »); the value is always the region's code.
import { useMemo } from 'react';
import { REGIONS } from '../../common/regions.ts';
import { useOptionLabels } from '../lib/option-labels.ts';

const COUNTRIES = ['Canada', 'United States'] as const;

export function useRegionChoices() {
  const labels = useOptionLabels();
  return useMemo(() => COUNTRIES.map((country) => ({
    group: labels.country(country),
    items: labels.choices(REGIONS.filter((r) => r.country === country).map((r) => r.code), labels.regionWithCode, { alphabetical: true }),
  })), [labels]);
}
