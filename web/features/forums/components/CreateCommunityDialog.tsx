import { Alert, Button, Group, Modal, MultiSelect, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { COMMUNITY_LIMITS, canonicalTag, splitTags } from '../../../../common/communities.ts';
import { AGE_GROUPS, MODALITIES, SPECIALTIES } from '../../../../common/options.ts';
import { useOptionLabels, type Label, type OptionLabels } from '../../../lib/option-labels.ts';
import { useSubmit, withServerReason } from '../../../lib/useSubmit.ts';
import { useCreateCommunity } from '../api.ts';
import { TEXTS } from './texts.ts';

const m = defineMessages({
  specialties: { id: 'forums.createCommunity.specialties', defaultMessage: 'Specialties', description: 'Field label: the new community\'s specialties (tags).' },
  modalities: { id: 'forums.createCommunity.modalities', defaultMessage: 'Therapy types', description: 'Field label: the new community\'s therapy types (tags).' },
  tagsHelp: { id: 'forums.createCommunity.tagsHelp', defaultMessage: 'Separate with commas, or pick from the list.', description: 'Help under the specialties and therapy types fields.' },
  ageGroups: { id: 'forums.createCommunity.ageGroups', defaultMessage: 'Age groups', description: 'Field label: the age groups the new community is about.' },
  close: { id: 'forums.createCommunity.close', defaultMessage: 'Close', description: 'Accessible name of the dialog\'s close button.' },
});

/**
 * Typed tags may hold commas ("CBT, DBT"): split, trimmed, empties dropped, and stored as the list's value whose label
 * (in the member's language) or value was typed, else as typed.
 */
const normalise = (labels: OptionLabels, tags: string[], options: readonly string[], label: Label) =>
  [...new Set(tags.flatMap(splitTags).map((t) => canonicalTag(labels.valueOf(t, options, label), options)))];

/** The all-communities dialog: name required; specialties and therapy types typed comma-separated or picked. */
export function CreateCommunityDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const intl = useIntl();
  const labels = useOptionLabels();
  const create = useCreateCommunity();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [specialties, setSpecialties] = useState<string[]>([]);
  const [modalities, setModalities] = useState<string[]>([]);
  const [demographics, setDemographics] = useState<string[]>([]);
  const { busy, message, setMessage, submit } = useSubmit(withServerReason(intl.formatMessage(TEXTS.createCommunityFailed)));

  const reset = () => {
    setName(''); setDescription(''); setSpecialties([]); setModalities([]); setDemographics([]); setMessage(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const specialtyLabels = labels.choices(SPECIALTIES, labels.specialty, { alphabetical: true }).map((c) => c.label);
  const modalityLabels = labels.choices(MODALITIES, labels.modality, { alphabetical: true }).map((c) => c.label);

  const onSubmit = submit(async () => {
    if (!name.trim()) return setMessage(intl.formatMessage(TEXTS.nameRequired));
    const community = await create.mutateAsync({ name, description, demographics, specialties, modalities });
    reset();
    onCreated(community._id);
  });

  return (
    <Modal opened={opened} onClose={close} title={intl.formatMessage(TEXTS.createCommunity)} size="lg" closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {message && <Alert color="red" role="alert">{message}</Alert>}
          <TextInput label={intl.formatMessage(TEXTS.name)} value={name} maxLength={COMMUNITY_LIMITS.name} onChange={(e) => setName(e.currentTarget.value)} withAsterisk data-autofocus />
          <Textarea label={intl.formatMessage(TEXTS.description)} autosize minRows={3} value={description} maxLength={COMMUNITY_LIMITS.description}
            onChange={(e) => setDescription(e.currentTarget.value)} />
          <TagsInput label={intl.formatMessage(m.specialties)} description={intl.formatMessage(m.tagsHelp)} data={specialtyLabels}
            value={specialties.map(labels.specialty)} onChange={(v) => setSpecialties(normalise(labels, v, SPECIALTIES, labels.specialty))} splitChars={[',']} acceptValueOnBlur clearable maxTags={COMMUNITY_LIMITS.tags} />
          <TagsInput label={intl.formatMessage(m.modalities)} description={intl.formatMessage(m.tagsHelp)} data={modalityLabels}
            value={modalities.map(labels.modality)} onChange={(v) => setModalities(normalise(labels, v, MODALITIES, labels.modality))} splitChars={[',']} acceptValueOnBlur clearable maxTags={COMMUNITY_LIMITS.tags} />
          <MultiSelect label={intl.formatMessage(m.ageGroups)} data={labels.choices(AGE_GROUPS, labels.ageGroup)} value={demographics} onChange={setDemographics} clearable />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{intl.formatMessage(TEXTS.cancel)}</Button>
            <Button type="submit" loading={busy}>{intl.formatMessage(TEXTS.createCommunity)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
