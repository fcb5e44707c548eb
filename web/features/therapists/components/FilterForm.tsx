import { Button, Group, MultiSelect, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { AGE_GROUPS, FEE_MODELS, LANGUAGES, MODALITIES, SESSION_FORMATS, SPECIALTIES } from '../../../../common/options.ts';
import { useRegionChoices } from '../../../components/regionChoices.ts';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import { EMPTY_FILTERS, hasFilters, type DirectoryFilters } from '../filters.ts';
import { fieldMessages as field } from '../messages.ts';

const m = defineMessages({
  form: { id: 'therapists.filters.form', defaultMessage: 'Filter therapists', description: 'Accessible name of the directory\'s filter form' },
  locationExample: { id: 'therapists.filters.locationExample', defaultMessage: 'City, region or country', description: 'Placeholder of the location filter' },
  anySpecialty: { id: 'therapists.filters.anySpecialty', defaultMessage: 'Any specialty', description: 'Placeholder of the specialties filter when none is chosen' },
  anyModality: { id: 'therapists.filters.anyModality', defaultMessage: 'Any modality', description: 'Placeholder of the modalities filter when none is chosen' },
  anyAgeGroup: { id: 'therapists.filters.anyAgeGroup', defaultMessage: 'Any age group', description: 'Placeholder of the age groups filter when none is chosen' },
  anyFormat: { id: 'therapists.filters.anyFormat', defaultMessage: 'Any format', description: 'Placeholder of the session format filter when none is chosen' },
  availability: { id: 'therapists.filters.availability', defaultMessage: 'Availability', description: 'Label of the filter on taking new clients' },
  anyAvailability: { id: 'therapists.filters.anyAvailability', defaultMessage: 'Any availability', description: 'Placeholder of the availability filter when none is chosen' },
  accepting: { id: 'therapists.filters.accepting', defaultMessage: 'Accepting new clients', description: 'Availability filter choice: only therapists taking new clients' },
  acceptingOrWaitlist: { id: 'therapists.filters.acceptingOrWaitlist', defaultMessage: 'Accepting or waitlist', description: 'Availability filter choice: taking new clients or keeping a waiting list' },
  anyLanguage: { id: 'therapists.filters.anyLanguage', defaultMessage: 'Any language', description: 'Placeholder of the languages filter when none is chosen' },
  anyFeeModel: { id: 'therapists.filters.anyFeeModel', defaultMessage: 'Any fee model', description: 'Placeholder of the fee models filter when none is chosen' },
  region: { id: 'therapists.filters.region', defaultMessage: 'Licensed or located in', description: 'Label of the province or state filter' },
  anyRegion: { id: 'therapists.filters.anyRegion', defaultMessage: 'Any province or state', description: 'Placeholder of the province or state filter when none is chosen' },
  noRegion: { id: 'therapists.filters.noRegion', defaultMessage: 'No matching region', description: 'The province or state list filtered by what was typed has nothing left' },
  keyword: { id: 'therapists.filters.keyword', defaultMessage: 'Name or keyword', description: 'Label of the directory\'s free-text search' },
  keywordExample: { id: 'therapists.filters.keywordExample', defaultMessage: 'Name, specialty, modality, language or place', description: 'Placeholder of the free-text search: what it looks in' },
  search: { id: 'therapists.filters.search', defaultMessage: 'Search', description: 'Button: run the directory search with these filters' },
});

type Props = {
  /** The filters in the URL; the form edits a copy until Search. */
  initial: DirectoryFilters;
  onSearch: (filters: DirectoryFilters) => void;
};

// Typing narrows the list and Enter takes the first match, so a long list never needs scrolling.
const multi = {
  searchable: true, clearable: true, hidePickedOptions: true, selectFirstOptionOnChange: true, maxDropdownHeight: 280,
};

// The accepting filter as one choice: the API takes a list of statuses, any of them.
const AVAILABILITY_CHOICES = [
  { value: 'accepting', label: m.accepting },
  { value: 'accepting,waitlist', label: m.acceptingOrWaitlist },
];
const availabilityValue = (accepting: string[]) => AVAILABILITY_CHOICES.find((c) => c.value === accepting.join(','))?.value ?? null;

export function FilterForm({ initial, onSearch }: Props) {
  const [draft, setDraft] = useState(initial);
  const intl = useIntl();
  const labels = useOptionLabels();
  const regions = useRegionChoices();
  const choices = useMemo(() => ({
    specialties: labels.choices(SPECIALTIES, labels.specialty, { alphabetical: true }),
    modalities: labels.choices(MODALITIES, labels.modality, { alphabetical: true }),
    ageGroups: labels.choices(AGE_GROUPS, labels.ageGroup),
    sessionFormats: labels.choices(SESSION_FORMATS, labels.sessionFormat),
    languages: labels.choices(LANGUAGES, labels.language, { alphabetical: true }),
    feeModels: labels.choices(FEE_MODELS, labels.feeModel),
    availability: AVAILABILITY_CHOICES.map((c) => ({ value: c.value, label: intl.formatMessage(c.label) })),
  }), [labels, intl]);
  const t = intl.formatMessage;
  const nothingFoundMessage = t(field.noMatchingOption);
  const set = <K extends keyof DirectoryFilters>(key: K) => (value: DirectoryFilters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The spec: a search starts again at page 1.
    onSearch({ ...draft, page: 1 });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" role="search" aria-label={t(m.form)} onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <TextInput label={t(field.location)} placeholder={t(m.locationExample)} maxLength={100}
          value={draft.location} onChange={(e) => set('location')(e.currentTarget.value)} />
        <MultiSelect label={t(field.specialties)} placeholder={t(m.anySpecialty)} data={choices.specialties} {...multi}
          nothingFoundMessage={nothingFoundMessage} value={draft.specialties} onChange={set('specialties')} />
        <MultiSelect label={t(field.modalities)} placeholder={t(m.anyModality)} data={choices.modalities} {...multi}
          nothingFoundMessage={nothingFoundMessage} value={draft.modalities} onChange={set('modalities')} />
        <MultiSelect label={t(field.ageGroups)} placeholder={t(m.anyAgeGroup)} data={choices.ageGroups} {...multi}
          nothingFoundMessage={nothingFoundMessage} value={draft.demographics} onChange={set('demographics')} />
        <MultiSelect label={t(field.sessionFormat)} placeholder={t(m.anyFormat)} data={choices.sessionFormats} {...multi}
          nothingFoundMessage={nothingFoundMessage} value={draft.sessionFormat} onChange={set('sessionFormat')} />
        <Select label={t(m.availability)} placeholder={t(m.anyAvailability)} data={choices.availability} clearable allowDeselect
          value={availabilityValue(draft.accepting)} onChange={(v) => set('accepting')(v ? v.split(',') : [])} />
        <MultiSelect label={t(field.languages)} placeholder={t(m.anyLanguage)} data={choices.languages} {...multi}
          nothingFoundMessage={nothingFoundMessage} value={draft.languages} onChange={set('languages')} />
        <MultiSelect label={t(field.feeModels)} placeholder={t(m.anyFeeModel)} data={choices.feeModels} {...multi}
          nothingFoundMessage={nothingFoundMessage} value={draft.feeModels} onChange={set('feeModels')} />
        <Select label={t(m.region)} placeholder={t(m.anyRegion)}
          data={regions} searchable clearable allowDeselect selectFirstOptionOnChange nothingFoundMessage={t(m.noRegion)}
          maxDropdownHeight={280} value={draft.region || null} onChange={(v) => set('region')(v ?? '')} />
        <TextInput label={t(m.keyword)} placeholder={t(m.keywordExample)} maxLength={100}
          value={draft.q} onChange={(e) => set('q')(e.currentTarget.value)} />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        {(hasFilters(draft) || hasFilters(initial)) && (
          <Button variant="default" onClick={() => onSearch(EMPTY_FILTERS)}>{t(field.clearFilters)}</Button>
        )}
        <Button type="submit">{t(m.search)}</Button>
      </Group>
    </Paper>
  );
}
