// The edit form's "Availability for referrals" section: a controlled part of the profile form.
import { Group, MultiSelect, NumberInput, Radio, Select, SimpleGrid, Stack, TagsInput, TextInput, Textarea, Title } from '@mantine/core';
import { useMemo } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { AVAILABILITY_NOTE_MAX, INSURER_MAX, MAX_INSURERS } from '../../../../common/availability.ts';
import { ACCEPTING_STATUSES, FEE_CURRENCIES, FEE_MODELS, LANGUAGES, SESSION_FEE_MAX } from '../../../../common/options.ts';
import type { Profile, ProfileUpdateInput } from '../../../../common/therapists.ts';
import { useRegionChoices } from '../../../components/regionChoices.ts';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import { characterCount, fieldMessages as field } from '../messages.ts';

const m = defineMessages({
  takingClients: { id: 'therapists.availability.takingClients', defaultMessage: 'Are you taking new clients?', description: 'Question above the choice of availability status in the profile form' },
  note: { id: 'therapists.availability.note', defaultMessage: 'Availability note', description: 'Profile form field: a short note on when the therapist is free' },
  noteExample: { id: 'therapists.availability.noteExample', defaultMessage: 'e.g. Tue and Thu evenings', description: 'Example in the empty availability note' },
  feeHelp: { id: 'therapists.availability.feeHelp', defaultMessage: 'Optional; leave empty to show none', description: 'Help under the fee per session field' },
  currency: { id: 'therapists.availability.currency', defaultMessage: 'Currency', description: 'Label of the fee\'s currency list (CAD, USD)' },
  licensedRegions: { id: 'therapists.availability.licensedRegions', defaultMessage: 'Licensed regions', description: 'Profile form field: provinces and states where the therapist may practise' },
  licensedRegionsHelp: { id: 'therapists.availability.licensedRegionsHelp', defaultMessage: 'Where you may practise, for online sessions', description: 'Help under the licensed regions field' },
  websiteHelp: { id: 'therapists.availability.websiteHelp', defaultMessage: 'An https address', description: 'Help under the website field' },
});
const insurersHelp = defineMessage<{ max: MessageValue }>({ id: 'therapists.availability.insurersHelp', defaultMessage: 'Up to {max}; press Enter after each', description: 'Help under the insurers field: how many, and how to add one' });

type Currency = (typeof FEE_CURRENCIES)[number];

export type AvailabilityDraft = Pick<Profile,
  'acceptingClients' | 'availabilityNote' | 'languages' | 'feeModels' | 'insurers' | 'licensedRegions' | 'website'>
  // The fee per session as typed: an empty amount means none.
  & { feeAmount: number | string; feeCurrency: Currency };

// Until a fee is given, its currency follows the licence's country.
// The start of a web address: the same in every language.
const URL_PLACEHOLDER = 'https://';

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
  searchable: true, clearable: true, hidePickedOptions: true, selectFirstOptionOnChange: true, maxDropdownHeight: 280,
};

type Props = { value: AvailabilityDraft; onChange: (next: AvailabilityDraft) => void };

export function AvailabilityFields({ value, onChange }: Props) {
  const set = <K extends keyof AvailabilityDraft>(key: K) => (v: AvailabilityDraft[K]) => onChange({ ...value, [key]: v });
  const intl = useIntl();
  const labels = useOptionLabels();
  const regions = useRegionChoices();
  const choices = useMemo(() => ({
    languages: labels.choices(LANGUAGES, labels.language, { alphabetical: true }),
    feeModels: labels.choices(FEE_MODELS, labels.feeModel),
  }), [labels]);
  const nothingFoundMessage = intl.formatMessage(field.noMatchingOption);
  return (
    <Stack gap="md" component="section" aria-labelledby="availability-legend">
      <Title order={2} size="h4" id="availability-legend">{intl.formatMessage(field.availability)}</Title>
      <Radio.Group label={intl.formatMessage(m.takingClients)} value={value.acceptingClients}
        onChange={(v) => set('acceptingClients')(v as AvailabilityDraft['acceptingClients'])}>
        <Group gap="lg" mt={6}>
          {ACCEPTING_STATUSES.map((s) => <Radio key={s} value={s} label={labels.accepting(s)} />)}
        </Group>
      </Radio.Group>
      <Textarea label={intl.formatMessage(m.note)} placeholder={intl.formatMessage(m.noteExample)} autosize minRows={2} maxRows={4}
        maxLength={AVAILABILITY_NOTE_MAX}
        description={intl.formatMessage(characterCount, { count: value.availabilityNote.length, max: AVAILABILITY_NOTE_MAX })}
        value={value.availabilityNote} onChange={(e) => set('availabilityNote')(e.currentTarget.value)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MultiSelect label={intl.formatMessage(field.languages)} data={choices.languages} {...multi} nothingFoundMessage={nothingFoundMessage}
          value={value.languages} onChange={set('languages')} />
        <MultiSelect label={intl.formatMessage(field.feeModels)} data={choices.feeModels} {...multi} nothingFoundMessage={nothingFoundMessage}
          value={value.feeModels} onChange={set('feeModels')} />
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <NumberInput label={intl.formatMessage(field.feePerSession)} description={intl.formatMessage(m.feeHelp)} min={0} max={SESSION_FEE_MAX}
            decimalScale={2} allowNegative={false} hideControls style={{ flex: 1 }} value={value.feeAmount} onChange={set('feeAmount')} />
          <Select label={intl.formatMessage(m.currency)} data={[...FEE_CURRENCIES]} allowDeselect={false} w={110} value={value.feeCurrency}
            onChange={(v) => v && set('feeCurrency')(v as Currency)} />
        </Group>
        <TagsInput label={intl.formatMessage(field.insurers)} description={intl.formatMessage(insurersHelp, { max: MAX_INSURERS })} maxTags={MAX_INSURERS}
          clearable value={value.insurers} maxLength={INSURER_MAX} onChange={set('insurers')} />
        <MultiSelect label={intl.formatMessage(m.licensedRegions)} description={intl.formatMessage(m.licensedRegionsHelp)} data={regions}
          {...multi} nothingFoundMessage={nothingFoundMessage} value={value.licensedRegions} onChange={set('licensedRegions')} />
      </SimpleGrid>
      <TextInput label={intl.formatMessage(field.website)} description={intl.formatMessage(m.websiteHelp)} type="url" placeholder={URL_PLACEHOLDER} maxLength={2000}
        value={value.website} onChange={(e) => set('website')(e.currentTarget.value)} />
    </Stack>
  );
}
