// Passkeys in the Security tab: add one (named, after the current password), see each with when it was added and last
// used, rename it, remove it (confirmed).
import { Alert, Button, Group, Paper, PasswordInput, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Passkey } from '../../../common/security-policy.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { useSession } from '../../lib/session.tsx';
import { timeAgo } from '../../lib/time.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { addPasskey, passkeysKey, removePasskey, renamePasskey, usePasskeys } from './passkeys-api.ts';

export function PasskeysSection() {
  const list = usePasskeys();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="passkeys-title">
      <Title order={2} size="h4" id="passkeys-title" mb="xs">Passkeys</Title>
      <Text size="sm" mb="sm">A passkey signs you in with your device's screen lock, without a password, or stands in for the code after it.</Text>
      {list.isPending && <Text size="sm">Loading…</Text>}
      {list.isError && <Text size="sm" c="red.9" role="alert">Could not load. Please try again.</Text>}
      {list.data && (list.data.passkeys.length
        ? <PasskeyTable passkeys={list.data.passkeys} />
        : <Text size="sm">You have no passkeys yet.</Text>)}
      <AddPasskey />
    </Paper>
  );
}

function useRefresh() {
  const client = useQueryClient();
  const { refresh } = useSession();
  // Having a passkey or not decides whether a member made to enrol may go on.
  return () => Promise.all([client.invalidateQueries({ queryKey: passkeysKey }), refresh()]);
}

function AddPasskey() {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const refresh = useRefresh();
  const { busy, message, submit } = useSubmit('Could not add the passkey. Please try again.');
  const onSubmit = submit(async () => {
    const passkey = await addPasskey(password, name.trim());
    setName('');
    setPassword('');
    setAdded(`Passkey “${passkey.name}” added.`);
    await refresh();
  });
  return (
    <form onSubmit={onSubmit} aria-label="Add a passkey">
      <Stack gap="xs" align="flex-start" mt="md">
        {message && <Alert color="red" role="alert">{message}</Alert>}
        {added && <Alert color="green" role="status">{added}</Alert>}
        <TextInput label="Passkey name" description="For example, the device it is on" required maxLength={60} w="100%" maw={360}
          value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <PasswordInput label="Current password" autoComplete="current-password" required w="100%" maw={360}
          value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        <Button type="submit" loading={busy}>Add a passkey</Button>
      </Stack>
    </form>
  );
}

function PasskeyTable({ passkeys }: { passkeys: Passkey[] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table>
        <Table.Thead>
          <Table.Tr><Table.Th>Name</Table.Th><Table.Th>Added</Table.Th><Table.Th>Last used</Table.Th><Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passkeys.map((p) => <PasskeyRow key={p._id} passkey={p} />)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const confirm = useConfirm();
  const refresh = useRefresh();
  const rename = useSubmit('Could not rename the passkey. Please try again.');
  const remove = useSubmit('Could not remove the passkey. Please try again.');
  const onRename = rename.submit(async () => {
    await renamePasskey(passkey._id, name.trim());
    setEditing(false);
    await refresh();
  });
  const onRemove = remove.submit(async () => {
    const sure = await confirm({ title: 'Remove passkey?', message: `“${passkey.name}” will no longer sign you in.`, confirmLabel: 'Remove passkey' });
    if (!sure) return;
    await removePasskey(passkey._id);
    await refresh();
  });
  return (
    <Table.Tr>
      <Table.Td>
        {editing ? (
          <form onSubmit={onRename} aria-label={`Rename ${passkey.name}`}>
            <Group gap="xs" wrap="nowrap">
              <TextInput label="New name" required maxLength={60} size="xs" value={name} onChange={(e) => setName(e.currentTarget.value)} />
              <Button type="submit" size="xs" loading={rename.busy} mt="lg">Save</Button>
            </Group>
            {rename.message && <Text size="xs" c="red.9" role="alert">{rename.message}</Text>}
          </form>
        ) : passkey.name}
      </Table.Td>
      <Table.Td>{timeAgo(passkey.createdAt)}</Table.Td>
      <Table.Td>{passkey.lastUsedAt ? timeAgo(passkey.lastUsedAt) : 'Never'}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {!editing && <Button size="xs" variant="light" onClick={() => setEditing(true)} aria-label={`Rename ${passkey.name}`}>Rename</Button>}
          <Button size="xs" variant="light" color="red" onClick={() => onRemove()} loading={remove.busy} aria-label={`Remove ${passkey.name}`}>Remove</Button>
        </Group>
        {remove.message && <Text size="xs" c="red.9" role="alert">{remove.message}</Text>}
      </Table.Td>
    </Table.Tr>
  );
}
