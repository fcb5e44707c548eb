// Provinces and states as grouped choices for Mantine's Select and MultiSelect (the directory filter, the profile form).
import { REGIONS } from '../../common/regions.ts';

export const REGION_CHOICES = (['Canada', 'United States'] as const).map((country) => ({
  group: country,
  items: REGIONS.filter((r) => r.country === country).map((r) => ({ value: r.code, label: `${r.name} (${r.code})` })),
}));
