import { Checkbox, Group, MultiSelect, NativeSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FEE_MODELS, LANGUAGES, MODALITIES, SESSION_FORMATS, SPECIALTIES, AGE_GROUPS } from '../../../../common/options.ts';
import { REFERRAL_LIMITS, URGENCIES, type Urgency } from '../../../../common/referrals.ts';
import { REGIONS } from '../../../../common/regions.ts';
import type { PrivacyCheck } from '../../../lib/privacy-check.ts';
import { today, type NeedsForm } from '../form.ts';
import { GuardedTextarea } from './GuardedTextarea.tsx';
import { FIELD_ERROR_STYLES, URGENCY_LABELS } from './labels.ts';

// Typing narrows a long list and Enter takes the first match.
const multi = {
  searchable: true, clearable: true, hidePickedOptions: true, selectFirstOptionOnChange: true,
  nothingFoundMessage: 'No matching option', maxDropdownHeight: 280,
};

const REGION_GROUPS = (['Canada', 'United States'] as const).map((country) => ({
  group: country, items: REGIONS.filter((r) => r.country === country).map((r) => ({ value: r.code, label: r.name })),
}));

type Props = {
  value: NeedsForm; onChange: (next: NeedsForm) => void; errors: Partial<Record<keyof NeedsForm, string>>;
  /** The privacy check of the note. */
  noteCheck: PrivacyCheck;
};

/** What the client needs: the option lists shared with the server, and the note the privacy guard reads. */
export function NeedsFields({ value, onChange, errors, noteCheck }: Props) {
  const set = <K extends keyof NeedsForm>(key: K) => (v: NeedsForm[K]) => onChange({ ...value, [key]: v });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect label="Age group" required data={[{ value: '', label: 'Choose an age group' }, ...AGE_GROUPS]}
          value={value.ageGroup ?? ''} onChange={(e) => set('ageGroup')(e.currentTarget.value || null)} error={errors.ageGroup} styles={FIELD_ERROR_STYLES} />
        <NativeSelect label="Client's province or state" required value={value.region ?? ''} error={errors.region} styles={FIELD_ERROR_STYLES}
          data={[{ value: '', label: 'Choose a region' }, ...REGION_GROUPS]}
          onChange={(e) => set('region')(e.currentTarget.value || null)} />
      </SimpleGrid>
      <MultiSelect label="Concerns" description={`1 to ${REFERRAL_LIMITS.concernsMax}`} required data={[...SPECIALTIES]} {...multi}
        maxValues={REFERRAL_LIMITS.concernsMax} value={value.concerns} onChange={set('concerns')} error={errors.concerns} styles={FIELD_ERROR_STYLES} />
      <MultiSelect label="Modalities" description="Optional" data={[...MODALITIES]} {...multi}
        value={value.modalities} onChange={set('modalities')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Checkbox.Group label="Session formats" description="At least one" withAsterisk value={value.sessionFormats}
          onChange={set('sessionFormats')} error={errors.sessionFormats} styles={FIELD_ERROR_STYLES}>
          <Group gap="md" mt={6}>{SESSION_FORMATS.map((f) => <Checkbox key={f} value={f} label={f} />)}</Group>
        </Checkbox.Group>
        <Checkbox.Group label="Fees" description="Optional" value={value.feeModels} onChange={set('feeModels')}>
          <Group gap="md" mt={6}>{FEE_MODELS.map((f) => <Checkbox key={f} value={f} label={f} />)}</Group>
        </Checkbox.Group>
      </SimpleGrid>
      <MultiSelect label="Languages" description="Optional" data={[...LANGUAGES]} {...multi}
        value={value.languages} onChange={set('languages')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Radio.Group label="Urgency" value={value.urgency} onChange={(v) => set('urgency')(v as Urgency)}>
          <Group gap="md" mt={6}>{URGENCIES.map((u) => <Radio key={u} value={u} label={URGENCY_LABELS[u]} />)}</Group>
        </Radio.Group>
        <TextInput label="Needed by" description="Optional; open requests close after this day" type="date" min={today()}
          value={value.neededBy} onChange={(e) => set('neededBy')(e.currentTarget.value)} error={errors.neededBy} styles={FIELD_ERROR_STYLES} />
      </SimpleGrid>
      <GuardedTextarea label="Note" value={value.note} onChange={set('note')} maxLength={REFERRAL_LIMITS.note} check={noteCheck} subject="note"
        description={`Needs, preferences and timing; no names, contact details, dates of birth or numbers. ${value.note.length} / ${REFERRAL_LIMITS.note} characters`} />
    </Stack>
  );
}
