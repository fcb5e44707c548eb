import { Checkbox, Group, MultiSelect, NativeSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import { FEE_MODELS, LANGUAGES, MODALITIES, SESSION_FORMATS, SPECIALTIES, AGE_GROUPS } from '../../../../common/options.ts';
import { REFERRAL_LIMITS, URGENCIES, type Urgency } from '../../../../common/referrals.ts';
import { REGIONS } from '../../../../common/regions.ts';
import type { PrivacyCheck } from '../../../lib/privacy-check.ts';
import { today, type NeedsForm } from '../form.ts';
import { GuardedTextarea } from './GuardedTextarea.tsx';
import { FIELD_ERROR_STYLES, URGENCY_LABELS } from './labels.ts';

const m = withValues(defineMessages({
  noMatch: { id: 'referrals.needs.noMatchingOption', defaultMessage: 'No matching option', description: 'Shown in a searchable list of the referral form when nothing matches what was typed.' },
  ageGroup: { id: 'referrals.needs.ageGroup', defaultMessage: 'Age group', description: 'Label of the client\'s age group field.' },
  chooseAgeGroup: { id: 'referrals.needs.chooseAgeGroupOption', defaultMessage: 'Choose an age group', description: 'The empty first choice of the age group list.' },
  region: { id: 'referrals.needs.region', defaultMessage: 'Client\'s province or state', description: 'Label of the field for where the client lives.' },
  chooseRegion: { id: 'referrals.needs.chooseRegionOption', defaultMessage: 'Choose a region', description: 'The empty first choice of the province or state list.' },
  canada: { id: 'referrals.needs.canada', defaultMessage: 'Canada', description: 'A group heading in the province or state list.' },
  unitedStates: { id: 'referrals.needs.unitedStates', defaultMessage: 'United States', description: 'A group heading in the province or state list.' },
  concerns: { id: 'referrals.needs.concerns', defaultMessage: 'Concerns', description: 'Label of the field for the client\'s concerns (anxiety, grief...).' },
  concernsCount: { id: 'referrals.needs.concernsCount', defaultMessage: '1 to {max, number}', description: 'Under the concerns field: how many may be chosen; {max} is the most.' },
  modalities: { id: 'referrals.needs.modalities', defaultMessage: 'Modalities', description: 'Label of the field for the therapy approaches wanted (CBT, EMDR...).' },
  optional: { id: 'referrals.needs.optional', defaultMessage: 'Optional', description: 'Under a field of the referral form that may be left empty.' },
  sessionFormats: { id: 'referrals.needs.sessionFormats', defaultMessage: 'Session formats', description: 'Label of the session formats (in person, online...).' },
  atLeastOne: { id: 'referrals.needs.atLeastOne', defaultMessage: 'At least one', description: 'Under the session formats: at least one must be ticked.' },
  fees: { id: 'referrals.needs.fees', defaultMessage: 'Fees', description: 'Label of the fee models the client can use (sliding scale, insurance...).' },
  languages: { id: 'referrals.needs.languages', defaultMessage: 'Languages', description: 'Label of the languages the client needs.' },
  urgency: { id: 'referrals.needs.urgency', defaultMessage: 'Urgency', description: 'Label of the referral\'s urgency choice.' },
  neededBy: { id: 'referrals.needs.neededBy', defaultMessage: 'Needed by', description: 'Label of the optional date by which the client needs a therapist.' },
  neededByHelp: { id: 'referrals.needs.neededByHelp', defaultMessage: 'Optional; open requests close after this day', description: 'Under the "needed by" date.' },
  note: { id: 'referrals.needs.note', defaultMessage: 'Note', description: 'Label of the referral\'s free-text note.' },
  noteHelp: { id: 'referrals.needs.noteHelp', defaultMessage: 'Needs, preferences and timing; no names, contact details, dates of birth or numbers. {length, number, ::group-off} / {max, number, ::group-off} characters', description: 'Under the referral\'s note: what to write and not, then how many characters are used of the most allowed.' },
}));

type Props = {
  value: NeedsForm; onChange: (next: NeedsForm) => void; errors: Partial<Record<keyof NeedsForm, string>>;
  /** The privacy check of the note. */
  noteCheck: PrivacyCheck;
};

/** What the client needs: the option lists shared with the server, and the note the privacy guard reads. */
export function NeedsFields({ value, onChange, errors, noteCheck }: Props) {
  const intl = useIntl();
  const t = (key: keyof typeof m) => intl.formatMessage(m[key]);
  const labels = useOptionLabels();
  const set = <K extends keyof NeedsForm>(key: K) => (v: NeedsForm[K]) => onChange({ ...value, [key]: v });
  // Typing narrows a long list and Enter takes the first match.
  const multi = {
    searchable: true, clearable: true, hidePickedOptions: true, selectFirstOptionOnChange: true,
    nothingFoundMessage: t('noMatch'), maxDropdownHeight: 280,
  };
  const regionGroups = ([['Canada', t('canada')], ['United States', t('unitedStates')]] as const).map(([country, group]) => ({
    group, items: labels.choices(REGIONS.filter((r) => r.country === country).map((r) => r.code), labels.region, { alphabetical: true }),
  }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect label={t('ageGroup')} required data={[{ value: '', label: t('chooseAgeGroup') }, ...labels.choices(AGE_GROUPS, labels.ageGroup)]}
          value={value.ageGroup ?? ''} onChange={(e) => set('ageGroup')(e.currentTarget.value || null)} error={errors.ageGroup} styles={FIELD_ERROR_STYLES} />
        <NativeSelect label={t('region')} required value={value.region ?? ''} error={errors.region} styles={FIELD_ERROR_STYLES}
          data={[{ value: '', label: t('chooseRegion') }, ...regionGroups]}
          onChange={(e) => set('region')(e.currentTarget.value || null)} />
      </SimpleGrid>
      <MultiSelect label={t('concerns')} description={intl.formatMessage(m.concernsCount, { max: REFERRAL_LIMITS.concernsMax })} required data={labels.choices(SPECIALTIES, labels.specialty, { alphabetical: true })} {...multi}
        maxValues={REFERRAL_LIMITS.concernsMax} value={value.concerns} onChange={set('concerns')} error={errors.concerns} styles={FIELD_ERROR_STYLES} />
      <MultiSelect label={t('modalities')} description={t('optional')} data={labels.choices(MODALITIES, labels.modality, { alphabetical: true })} {...multi}
        value={value.modalities} onChange={set('modalities')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Checkbox.Group label={t('sessionFormats')} description={t('atLeastOne')} withAsterisk value={value.sessionFormats}
          onChange={set('sessionFormats')} error={errors.sessionFormats} styles={FIELD_ERROR_STYLES}>
          <Group gap="md" mt={6}>{SESSION_FORMATS.map((f) => <Checkbox key={f} value={f} label={labels.sessionFormat(f)} />)}</Group>
        </Checkbox.Group>
        <Checkbox.Group label={t('fees')} description={t('optional')} value={value.feeModels} onChange={set('feeModels')}>
          <Group gap="md" mt={6}>{FEE_MODELS.map((f) => <Checkbox key={f} value={f} label={labels.feeModel(f)} />)}</Group>
        </Checkbox.Group>
      </SimpleGrid>
      <MultiSelect label={t('languages')} description={t('optional')} data={labels.choices(LANGUAGES, labels.language, { alphabetical: true })} {...multi}
        value={value.languages} onChange={set('languages')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Radio.Group label={t('urgency')} value={value.urgency} onChange={(v) => set('urgency')(v as Urgency)}>
          <Group gap="md" mt={6}>{URGENCIES.map((u) => <Radio key={u} value={u} label={intl.formatMessage(URGENCY_LABELS[u])} />)}</Group>
        </Radio.Group>
        <TextInput label={t('neededBy')} description={t('neededByHelp')} type="date" min={today()}
          value={value.neededBy} onChange={(e) => set('neededBy')(e.currentTarget.value)} error={errors.neededBy} styles={FIELD_ERROR_STYLES} />
      </SimpleGrid>
      <GuardedTextarea label={t('note')} value={value.note} onChange={set('note')} maxLength={REFERRAL_LIMITS.note} check={noteCheck} subject="note"
        description={intl.formatMessage(m.noteHelp, { length: value.note.length, max: REFERRAL_LIMITS.note })} />
    </Stack>
  );
}
