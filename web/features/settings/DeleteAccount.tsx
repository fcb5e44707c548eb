import { Alert, Button, Checkbox, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useConfirm } from '../../components/useConfirm.tsx';
import { useSession } from '../../lib/session.tsx';
import { ACCOUNT_DELETED_PARAM } from '../../lib/account-deleted.ts';
import { useDeleteAccount } from './privacy-api.ts';
import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({
  title: { id: 'settings.delete.title', defaultMessage: 'Delete my account', description: 'Heading, form name, button and confirmation of account deletion (Privacy tab).' },
  intro: {
    id: 'settings.delete.intro',
    defaultMessage: 'Your profile, licence details, photo, network and notifications are erased and your sessions end. Your posts and '
      + 'comments stay under "Deleted member" unless you choose to delete them; your messages stay readable to the people you wrote to.',
    description: 'What deleting the account does. "Deleted member" is the name shown in place of a deleted author.',
  },
  withContent: {
    id: 'settings.delete.withContent', defaultMessage: 'Your account, posts and comments will be deleted. This cannot be undone.',
    description: 'Confirmation when posts and comments are deleted too.',
  },
  keepContent: {
    id: 'settings.delete.keepContent', defaultMessage: 'Your account will be deleted; your posts and comments stay under "Deleted member". This cannot be undone.',
    description: 'Confirmation when posts and comments stay.',
  },
  password: { id: 'settings.password', defaultMessage: 'Password', description: 'Label of a password field asked before a sensitive change.' },
  code: { id: 'settings.delete.code', defaultMessage: 'Two-factor code', description: 'Label: the two-factor code asked before deleting the account.' },
  alsoContent: { id: 'settings.delete.alsoContent', defaultMessage: 'Also delete my posts and comments', description: 'Checkbox on the deletion form.' },
});

/** "Delete my account": the password again, the two-factor code when it is on, and a confirmation before anything goes. */
export function DeleteAccount({ twoFactor = false }: { twoFactor?: boolean }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [deleteContent, setDeleteContent] = useState(false);
  const remove = useDeleteAccount();
  const confirm = useConfirm();
  const { signOut } = useSession();
  const intl = useIntl();
  const t = intl.formatMessage;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const message = t(deleteContent ? m.withContent : m.keepContent);
    if (!(await confirm({ title: t(m.title), message, confirmLabel: t(m.title) }))) return;
    // Awaited here rather than in mutate's onSuccess, which is dropped once this page unmounts: the deletion ends the
    // session, and its socket's end may take the app to the sign-in page before the answer arrives. Then a full load of
    // /login, whose notice says the account was deleted, so the member does not land there without a word.
    const deleted = await remove.mutateAsync({ password, code: code.trim() || undefined, deleteContent }).then(() => true, () => false);
    if (!deleted) return;
    await signOut();
    window.location.replace(`/login?${ACCOUNT_DELETED_PARAM}`);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="delete-title">
      <Title order={2} size="h4" id="delete-title">{t(m.title)}</Title>
      <Text size="sm" c="dimmed" mb="sm">{t(m.intro)}</Text>
      <form onSubmit={(e) => void onSubmit(e)} aria-label={t(m.title)}>
        <Stack gap="sm" maw={420}>
          <PasswordInput label={t(m.password)} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          {twoFactor && (
            <TextInput label={t(m.code)} autoComplete="one-time-code" inputMode="numeric" required value={code}
              onChange={(e) => setCode(e.currentTarget.value)} />
          )}
          <Checkbox label={t(m.alsoContent)} checked={deleteContent} onChange={(e) => setDeleteContent(e.currentTarget.checked)} />
          {remove.error && <Alert color="red" role="alert">{remove.error.message}</Alert>}
          <Button type="submit" color="red.8" loading={remove.isPending} w="fit-content">{t(m.title)}</Button>
        </Stack>
      </form>
    </Paper>
  );
}
