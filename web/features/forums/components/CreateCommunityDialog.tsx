import { Alert, Button, Group, Modal, MultiSelect, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  COMMUNITY_LIMITS, CREATE_COMMUNITY_FAILED, NAME_REQUIRED, canonicalTag, splitTags,
} from '../../../../common/communities.ts';
import { AGE_GROUPS, MODALITIES, SPECIALTIES } from '../../../../common/options.ts';
import { useSubmit, withServerReason } from '../../../lib/useSubmit.ts';
import { useCreateCommunity } from '../api.ts';

/** Typed tags may hold commas ("CBT, DBT"): split, trimmed, empties dropped, spelled as in the option list. */
const normalise = (tags: string[], options: readonly string[]) =>
  [...new Set(tags.flatMap(splitTags).map((t) => canonicalTag(t, options)))];

/** The all-communities dialog: name required; specialties and therapy types typed comma-separated or picked. */
export function CreateCommunityDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const create = useCreateCommunity();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [specialties, setSpecialties] = useState<string[]>([]);
  const [modalities, setModalities] = useState<string[]>([]);
  const [demographics, setDemographics] = useState<string[]>([]);
  const { busy, message, setMessage, submit } = useSubmit(withServerReason(CREATE_COMMUNITY_FAILED));

  const reset = () => {
    setName(''); setDescription(''); setSpecialties([]); setModalities([]); setDemographics([]); setMessage(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = submit(async () => {
    if (!name.trim()) return setMessage(NAME_REQUIRED);
    const community = await create.mutateAsync({ name, description, demographics, specialties, modalities });
    reset();
    onCreated(community._id);
  });

  return (
    <Modal opened={opened} onClose={close} title="Create Community" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {message && <Alert color="red" role="alert">{message}</Alert>}
          <TextInput label="Name" value={name} maxLength={COMMUNITY_LIMITS.name} onChange={(e) => setName(e.currentTarget.value)} withAsterisk data-autofocus />
          <Textarea label="Description" autosize minRows={3} value={description} maxLength={COMMUNITY_LIMITS.description}
            onChange={(e) => setDescription(e.currentTarget.value)} />
          <TagsInput label="Specialties" description="Separate with commas, or pick from the list." data={[...SPECIALTIES]}
            value={specialties} onChange={(v) => setSpecialties(normalise(v, SPECIALTIES))} splitChars={[',']} acceptValueOnBlur clearable maxTags={COMMUNITY_LIMITS.tags} />
          <TagsInput label="Therapy types" description="Separate with commas, or pick from the list." data={[...MODALITIES]}
            value={modalities} onChange={(v) => setModalities(normalise(v, MODALITIES))} splitChars={[',']} acceptValueOnBlur clearable maxTags={COMMUNITY_LIMITS.tags} />
          <MultiSelect label="Age groups" data={[...AGE_GROUPS]} value={demographics} onChange={setDemographics} clearable />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" loading={busy}>Create Community</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
