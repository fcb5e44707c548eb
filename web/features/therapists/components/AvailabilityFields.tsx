// The edit form's "Availability for referrals" section: a controlled part of the profile form.
import { Group, MultiSelect, NumberInput, Radio, Select, SimpleGrid, Stack, TagsInput, TextInput, Textarea, Title } from '@mantine/core';
import { ACCEPTING_LABELS, AVAILABILITY_NOTE_MAX, INSURER_MAX, MAX_INSURERS } from '../../../../common/availability.ts';
import { ACCEPTING_STATUSES, FEE_CURRENCIES, FEE_MODELS, LANGUAGES, SESSION_FEE_MAX } from '../../../../common/options.ts';
import type { Profile, ProfileUpdateInput } from '../../../../common/therapists.ts';
import { REGION_CHOICES } from '../../../components/regionChoices.ts';

type Currency = (typeof FEE_CURRENCIES)[number];

export type AvailabilityDraft = Pick<Profile,
  'acceptingClients' | 'availabilityNote' | 'languages' | 'feeModels' | 'insurers' | 'licensedRegions' | 'website'>
  // The fee per session as typed: an empty amount means none.
  & { feeAmount: number | string; feeCurrency: Currency };

// Until a fee is given, its currency follows the licence's country.
const likelyCurrency = (p: Profile): Currency => (/^(us|usa|united states)/i.test(p.licenceCountry.trim()) ? 'USD' : 'CAD');

export const availabilityDraft = (p: Profile): AvailabilityDraft => ({
  acceptingClients: p.acceptingClients, availabilityNote: p.availabilityNote, languages: p.languages,
  feeModels: p.feeModels, insurers: p.insurers, licensedRegions: p.licensedRegions, website: p.website,
  feeAmount: p.sessionFee?.amount ?? '', feeCurrency: p.sessionFee?.currency ?? likelyCurrency(p),
});

/** What the draft changes in the profile (PUT /api/users/me): an empty amount removes the fee. */
export function availabilityChanges({ feeAmount, feeCurrency, ...rest }: AvailabilityDraft): ProfileUpdateInput {
  const amount = typeof feeAmount === 'number' ? feeAmount : Number.parseFloat(feeAmount);
  return { ...rest, sessionFee: Number.isNaN(amount) ? null : { amount, currency: feeCurrency } };
}

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
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <NumberInput label="Fee per session" description="Optional; leave empty to show none" min={0} max={SESSION_FEE_MAX}
            decimalScale={2} allowNegative={false} hideControls style={{ flex: 1 }} value={value.feeAmount} onChange={set('feeAmount')} />
          <Select label="Currency" data={[...FEE_CURRENCIES]} allowDeselect={false} w={110} value={value.feeCurrency}
            onChange={(v) => v && set('feeCurrency')(v as Currency)} />
        </Group>
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
