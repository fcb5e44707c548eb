// The edit form's "Availability for referrals" section: a controlled part of the profile form.
import { Group, MultiSelect, Radio, SimpleGrid, Stack, TagsInput, TextInput, Textarea, Title } from '@mantine/core';
import { ACCEPTING_LABELS, AVAILABILITY_NOTE_MAX, INSURER_MAX, MAX_INSURERS } from '../../../../common/availability.ts';
import { ACCEPTING_STATUSES, FEE_MODELS, LANGUAGES } from '../../../../common/options.ts';
import type { Profile } from '../../../../common/therapists.ts';
import { REGION_CHOICES } from '../../../components/regionChoices.ts';

export type AvailabilityDraft = Pick<Profile,
  'acceptingClients' | 'availabilityNote' | 'languages' | 'feeModels' | 'insurers' | 'licensedRegions' | 'website'>;

export const availabilityDraft = (p: Profile): AvailabilityDraft => ({
  acceptingClients: p.acceptingClients, availabilityNote: p.availabilityNote, languages: p.languages,
  feeModels: p.feeModels, insurers: p.insurers, licensedRegions: p.licensedRegions, website: p.website,
});

const multi = {
  searchable: true, clearable: true, hidePickedOptions: true, selectFirstOptionOnChange: true,
  nothingFoundMessage: 'No matching option', maxDropdownHeight: 280,
};

type Props = { value: AvailabilityDraft; onChange: (next: AvailabilityDraft) => void };

export function AvailabilityFields({ value, onChange }: Props) {
  const set = <K extends keyof AvailabilityDraft>(key: K) => (v: AvailabilityDraft[K]) => onChange({ ...value, [key]: v });
  return (
    <Stack gap="md" component="section" aria-labelledby="availability-legend">
      <Title order={2} size="h4" id="availability-legend">Availability for referrals</Title>
      <Radio.Group label="Are you taking new clients?" value={value.acceptingClients}
        onChange={(v) => set('acceptingClients')(v as AvailabilityDraft['acceptingClients'])}>
        <Group gap="lg" mt={6}>
          {ACCEPTING_STATUSES.map((s) => <Radio key={s} value={s} label={ACCEPTING_LABELS[s]} />)}
        </Group>
      </Radio.Group>
      <Textarea label="Availability note" placeholder="e.g. Tue and Thu evenings" autosize minRows={2} maxRows={4}
        maxLength={AVAILABILITY_NOTE_MAX} description={`${value.availabilityNote.length} / ${AVAILABILITY_NOTE_MAX} characters`}
        value={value.availabilityNote} onChange={(e) => set('availabilityNote')(e.currentTarget.value)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MultiSelect label="Languages" data={[...LANGUAGES]} {...multi} value={value.languages} onChange={set('languages')} />
        <MultiSelect label="Fee models" data={[...FEE_MODELS]} {...multi} value={value.feeModels} onChange={set('feeModels')} />
        <TagsInput label="Insurers" description={`Up to ${MAX_INSURERS}; press Enter after each`} maxTags={MAX_INSURERS}
          clearable value={value.insurers} maxLength={INSURER_MAX} onChange={set('insurers')} />
        <MultiSelect label="Licensed regions" description="Where you may practise, for online sessions" data={REGION_CHOICES}
          {...multi} value={value.licensedRegions} onChange={set('licensedRegions')} />
      </SimpleGrid>
      <TextInput label="Website" description="An https address" type="url" placeholder="https://" maxLength={2000}
        value={value.website} onChange={(e) => set('website')(e.currentTarget.value)} />
    </Stack>
  );
}
