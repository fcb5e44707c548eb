import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { COMMUNITY_LIMITS, CREATE_COMMUNITY_FAILED, NAME_REQUIRED } from '../../../../common/communities.ts';
import { useSubmit, withServerReason } from '../../../lib/useSubmit.ts';
import { useCreateCommunity } from '../api.ts';

/** The forum sidebar's short form: a name (required) and an optional description. */
export function QuickCreateCommunity({ onDone }: { onDone: () => void }) {
  const create = useCreateCommunity();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { busy, message, setMessage, submit } = useSubmit(withServerReason(CREATE_COMMUNITY_FAILED));

  const onSubmit = submit(async () => {
    if (!name.trim()) return setMessage(NAME_REQUIRED);
    await create.mutateAsync({ name, description });
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create a community">
      <Stack gap="xs">
        {message && <Alert color="red" role="alert" p="xs">{message}</Alert>}
        <TextInput label="Name" size="sm" value={name} maxLength={COMMUNITY_LIMITS.name} onChange={(e) => setName(e.currentTarget.value)} withAsterisk />
        <Textarea label="Description" size="sm" autosize minRows={2} value={description} maxLength={COMMUNITY_LIMITS.description}
          onChange={(e) => setDescription(e.currentTarget.value)} />
        <Button type="submit" size="xs" loading={busy}>Create</Button>
      </Stack>
    </form>
  );
}
