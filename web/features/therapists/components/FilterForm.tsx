import { Button, Group, MultiSelect, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { AGE_GROUPS, FEE_MODELS, LANGUAGES, MODALITIES, SESSION_FORMATS, SPECIALTIES } from '../../../../common/options.ts';
import { REGION_CHOICES } from '../../../components/regionChoices.ts';
import { EMPTY_FILTERS, hasFilters, type DirectoryFilters } from '../filters.ts';

type Props = {
  /** The filters in the URL; the form edits a copy until Search. */
  initial: DirectoryFilters;
  onSearch: (filters: DirectoryFilters) => void;
};

// Typing narrows the list and Enter takes the first match, so a long list never needs scrolling.
const multi = {
  searchable: true, clearable: true, hidePickedOptions: true, selectFirstOptionOnChange: true,
  nothingFoundMessage: 'No matching option', maxDropdownHeight: 280,
};

// The accepting filter as one choice: the API takes a list of statuses, any of them.
const AVAILABILITY_CHOICES = [
  { value: 'accepting', label: 'Accepting new clients' },
  { value: 'accepting,waitlist', label: 'Accepting or waitlist' },
];
const availabilityValue = (accepting: string[]) => AVAILABILITY_CHOICES.find((c) => c.value === accepting.join(','))?.value ?? null;

export function FilterForm({ initial, onSearch }: Props) {
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof DirectoryFilters>(key: K) => (value: DirectoryFilters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The spec: a search starts again at page 1.
    onSearch({ ...draft, page: 1 });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" role="search" aria-label="Filter therapists" onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <TextInput label="Location" placeholder="City, region or country" maxLength={100}
          value={draft.location} onChange={(e) => set('location')(e.currentTarget.value)} />
        <MultiSelect label="Specialties" placeholder="Any specialty" data={[...SPECIALTIES]} {...multi}
          value={draft.specialties} onChange={set('specialties')} />
        <MultiSelect label="Modalities" placeholder="Any modality" data={[...MODALITIES]} {...multi}
          value={draft.modalities} onChange={set('modalities')} />
        <MultiSelect label="Age groups" placeholder="Any age group" data={[...AGE_GROUPS]} {...multi}
          value={draft.demographics} onChange={set('demographics')} />
        <MultiSelect label="Session format" placeholder="Any format" data={[...SESSION_FORMATS]} {...multi}
          value={draft.sessionFormat} onChange={set('sessionFormat')} />
        <Select label="Availability" placeholder="Any availability" data={AVAILABILITY_CHOICES} clearable allowDeselect
          value={availabilityValue(draft.accepting)} onChange={(v) => set('accepting')(v ? v.split(',') : [])} />
        <MultiSelect label="Languages" placeholder="Any language" data={[...LANGUAGES]} {...multi}
          value={draft.languages} onChange={set('languages')} />
        <MultiSelect label="Fee models" placeholder="Any fee model" data={[...FEE_MODELS]} {...multi}
          value={draft.feeModels} onChange={set('feeModels')} />
        <Select label="Licensed or located in" placeholder="Any province or state"
          data={REGION_CHOICES} searchable clearable allowDeselect selectFirstOptionOnChange nothingFoundMessage="No matching region"
          maxDropdownHeight={280} value={draft.region || null} onChange={(v) => set('region')(v ?? '')} />
        <TextInput label="Name or keyword" placeholder="Name, specialty, modality, language or place" maxLength={100}
          value={draft.q} onChange={(e) => set('q')(e.currentTarget.value)} />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        {(hasFilters(draft) || hasFilters(initial)) && (
          <Button variant="default" onClick={() => onSearch(EMPTY_FILTERS)}>Clear filters</Button>
        )}
        <Button type="submit">Search</Button>
      </Group>
    </Paper>
  );
}
