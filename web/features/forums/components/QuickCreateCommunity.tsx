import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { COMMUNITY_LIMITS, CREATE_COMMUNITY_FAILED, NAME_REQUIRED } from '../../../../common/communities.ts';
import { isRefusal } from '../../../lib/api.ts';
import { useCreateCommunity } from '../api.ts';

/** The forum sidebar's short form: a name (required) and an optional description. */
export function QuickCreateCommunity({ onDone }: { onDone: () => void }) {
  const create = useCreateCommunity();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(NAME_REQUIRED);
    setError(null);
    try {
      await create.mutateAsync({ name, description });
      onDone();
    } catch (e) {
      // The spec's text, with the server's reason (a taken name, say) when it gave one.
      setError(isRefusal(e) ? `${CREATE_COMMUNITY_FAILED} ${e.message}` : CREATE_COMMUNITY_FAILED);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Create a community">
      <Stack gap="xs">
        {error && <Alert color="red" role="alert" p="xs">{error}</Alert>}
        <TextInput label="Name" size="sm" value={name} maxLength={COMMUNITY_LIMITS.name} onChange={(e) => setName(e.currentTarget.value)} withAsterisk />
        <Textarea label="Description" size="sm" autosize minRows={2} value={description} maxLength={COMMUNITY_LIMITS.description}
          onChange={(e) => setDescription(e.currentTarget.value)} />
        <Button type="submit" size="xs" loading={create.isPending}>Create</Button>
      </Stack>
    </form>
  );
}
