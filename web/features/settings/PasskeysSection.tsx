// Passkeys in the Security tab: add one (named, after the current password), see each with when it was added and last
// used, rename it, remove it (confirmed).
import { Alert, Button, Group, Paper, PasswordInput, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Passkey } from '../../../common/security-policy.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { useSession } from '../../lib/session.tsx';
import { withValues } from '../../lib/messages.ts';
import { useTimeAgo } from '../../lib/time.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { addPasskey, passkeysKey, removePasskey, renamePasskey, usePasskeys } from './passkeys-api.ts';

const m = withValues(defineMessages({
  title: { id: 'settings.passkeys.title', defaultMessage: 'Passkeys', description: 'Heading of the passkeys section (Security tab).' },
  intro: {
    id: 'settings.passkeys.intro', defaultMessage: 'A passkey signs you in with your device\'s screen lock, without a password, or stands in for the code after it.',
    description: 'What a passkey does.',
  },
  loading: { id: 'settings.loading', defaultMessage: 'Loading…', description: 'A settings section while it loads.' },
  loadFailed: { id: 'settings.loadFailed', defaultMessage: 'Could not load. Please try again.', description: 'A settings section could not be read.' },
  none: { id: 'settings.passkeys.none', defaultMessage: 'You have no passkeys yet.', description: 'The member has no passkey.' },
  addFailed: { id: 'settings.passkeys.addFailed', defaultMessage: 'Could not add the passkey. Please try again.', description: 'Adding a passkey failed (no server reason).' },
  added: { id: 'settings.passkeys.added', defaultMessage: 'Passkey “{name}” added.', description: 'A passkey was added; {name} is the name the member gave it.' },
  add: { id: 'settings.passkeys.add', defaultMessage: 'Add a passkey', description: 'Button (and form name) adding a passkey.' },
  name: { id: 'settings.passkeys.name', defaultMessage: 'Passkey name', description: 'Label of the name of a new passkey.' },
  nameHelp: { id: 'settings.passkeys.nameHelp', defaultMessage: 'For example, the device it is on', description: 'Help under the passkey name.' },
  currentPassword: { id: 'settings.currentPassword', defaultMessage: 'Current password', description: 'Label: the member\'s current password, asked again before a sensitive change.' },
  colName: { id: 'settings.passkeys.colName', defaultMessage: 'Name', description: 'Column header: the passkey\'s name.' },
  colAdded: { id: 'settings.passkeys.colAdded', defaultMessage: 'Added', description: 'Column header: when the passkey was added.' },
  colLastUsed: { id: 'settings.passkeys.colLastUsed', defaultMessage: 'Last used', description: 'Column header: when the passkey last signed the member in.' },
  colActions: { id: 'settings.passkeys.colActions', defaultMessage: 'Actions', description: 'Column header (read by screen readers only): the rename and remove buttons.' },
  renameFailed: { id: 'settings.passkeys.renameFailed', defaultMessage: 'Could not rename the passkey. Please try again.', description: 'Renaming a passkey failed (no server reason).' },
  removeFailed: { id: 'settings.passkeys.removeFailed', defaultMessage: 'Could not remove the passkey. Please try again.', description: 'Removing a passkey failed (no server reason).' },
  removeTitle: { id: 'settings.passkeys.removeTitle', defaultMessage: 'Remove passkey?', description: 'Title of the confirmation before removing a passkey.' },
  removeQuestion: { id: 'settings.passkeys.removeQuestion', defaultMessage: '“{name}” will no longer sign you in.', description: 'Confirmation before removing the passkey {name}.' },
  removeConfirm: { id: 'settings.passkeys.removeConfirm', defaultMessage: 'Remove passkey', description: 'Confirm button: remove the passkey.' },
  renameName: { id: 'settings.passkeys.renameName', defaultMessage: 'Rename {name}', description: 'Accessible name of the rename form and button of the passkey {name}.' },
  newName: { id: 'settings.passkeys.newName', defaultMessage: 'New name', description: 'Label of a passkey\'s new name.' },
  save: { id: 'settings.passkeys.save', defaultMessage: 'Save', description: 'Button saving a passkey\'s new name.' },
  never: { id: 'settings.passkeys.never', defaultMessage: 'Never', description: 'The passkey was never used.' },
  rename: { id: 'settings.passkeys.rename', defaultMessage: 'Rename', description: 'Button renaming a passkey.' },
  removeName: { id: 'settings.passkeys.removeName', defaultMessage: 'Remove {name}', description: 'Accessible name of the remove button of the passkey {name}.' },
  remove: { id: 'settings.passkeys.remove', defaultMessage: 'Remove', description: 'Button removing a passkey.' },
}));

export function PasskeysSection() {
  const t = useIntl().formatMessage;
  const list = usePasskeys();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="passkeys-title">
      <Title order={2} size="h4" id="passkeys-title" mb="xs">{t(m.title)}</Title>
      <Text size="sm" mb="sm">{t(m.intro)}</Text>
      {list.isPending && <Text size="sm">{t(m.loading)}</Text>}
      {list.isError && <Text size="sm" c="red.9" role="alert">{t(m.loadFailed)}</Text>}
      {list.data && (list.data.passkeys.length
        ? <PasskeyTable passkeys={list.data.passkeys} />
        : <Text size="sm">{t(m.none)}</Text>)}
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
  const t = useIntl().formatMessage;
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const refresh = useRefresh();
  const { busy, message, submit } = useSubmit(t(m.addFailed));
  const onSubmit = submit(async () => {
    const passkey = await addPasskey(password, name.trim());
    setName('');
    setPassword('');
    setAdded(t(m.added, { name: passkey.name }));
    await refresh();
  });
  return (
    <form onSubmit={onSubmit} aria-label={t(m.add)}>
      <Stack gap="xs" align="flex-start" mt="md">
        {message && <Alert color="red" role="alert">{message}</Alert>}
        {added && <Alert color="green" role="status">{added}</Alert>}
        <TextInput label={t(m.name)} description={t(m.nameHelp)} required maxLength={60} w="100%" maw={360}
          value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <PasswordInput label={t(m.currentPassword)} autoComplete="current-password" required w="100%" maw={360}
          value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        <Button type="submit" loading={busy}>{t(m.add)}</Button>
      </Stack>
    </form>
  );
}

function PasskeyTable({ passkeys }: { passkeys: Passkey[] }) {
  const t = useIntl().formatMessage;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(m.colName)}</Table.Th><Table.Th>{t(m.colAdded)}</Table.Th><Table.Th>{t(m.colLastUsed)}</Table.Th>
            <Table.Th><VisuallyHidden>{t(m.colActions)}</VisuallyHidden></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passkeys.map((p) => <PasskeyRow key={p._id} passkey={p} />)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const t = useIntl().formatMessage;
  const timeAgo = useTimeAgo();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const confirm = useConfirm();
  const refresh = useRefresh();
  const rename = useSubmit(t(m.renameFailed));
  const remove = useSubmit(t(m.removeFailed));
  const onRename = rename.submit(async () => {
    await renamePasskey(passkey._id, name.trim());
    setEditing(false);
    await refresh();
  });
  const onRemove = remove.submit(async () => {
    const sure = await confirm({ title: t(m.removeTitle), message: t(m.removeQuestion, { name: passkey.name }), confirmLabel: t(m.removeConfirm) });
    if (!sure) return;
    await removePasskey(passkey._id);
    await refresh();
  });
  return (
    <Table.Tr>
      <Table.Td>
        {editing ? (
          <form onSubmit={onRename} aria-label={t(m.renameName, { name: passkey.name })}>
            <Group gap="xs" wrap="nowrap">
              <TextInput label={t(m.newName)} required maxLength={60} size="xs" value={name} onChange={(e) => setName(e.currentTarget.value)} />
              <Button type="submit" size="xs" loading={rename.busy} mt="lg">{t(m.save)}</Button>
            </Group>
            {rename.message && <Text size="xs" c="red.9" role="alert">{rename.message}</Text>}
          </form>
        ) : <span translate="no">{passkey.name}</span>}
      </Table.Td>
      <Table.Td>{timeAgo(passkey.createdAt)}</Table.Td>
      <Table.Td>{passkey.lastUsedAt ? timeAgo(passkey.lastUsedAt) : t(m.never)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {!editing && <Button size="xs" variant="light" onClick={() => setEditing(true)} aria-label={t(m.renameName, { name: passkey.name })}>{t(m.rename)}</Button>}
          <Button size="xs" variant="light" color="red" onClick={() => onRemove()} loading={remove.busy} aria-label={t(m.removeName, { name: passkey.name })}>{t(m.remove)}</Button>
        </Group>
        {remove.message && <Text size="xs" c="red.9" role="alert">{remove.message}</Text>}
      </Table.Td>
    </Table.Tr>
  );
}
