import { Alert, Button, Checkbox, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useConfirm } from '../../components/useConfirm.tsx';
import { useSession } from '../../lib/session.tsx';
import { ACCOUNT_DELETED_PARAM } from '../../lib/account-deleted.ts';
import { useDeleteAccount } from './privacy-api.ts';

/** "Delete my account": the password again, the two-factor code when it is on, and a confirmation before anything goes. */
export function DeleteAccount({ twoFactor = false }: { twoFactor?: boolean }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [deleteContent, setDeleteContent] = useState(false);
  const remove = useDeleteAccount();
  const confirm = useConfirm();
  const { signOut } = useSession();

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const message = deleteContent
      ? 'Your account, posts and comments will be deleted. This cannot be undone.'
      : 'Your account will be deleted; your posts and comments stay under "Deleted member". This cannot be undone.';
    if (!(await confirm({ title: 'Delete my account', message, confirmLabel: 'Delete my account' }))) return;
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
      <Title order={2} size="h4" id="delete-title">Delete my account</Title>
      <Text size="sm" c="dimmed" mb="sm">
        Your profile, licence details, photo, network and notifications are erased and your sessions end. Your posts and
        comments stay under "Deleted member" unless you choose to delete them; your messages stay readable to the people you wrote to.
      </Text>
      <form onSubmit={(e) => void onSubmit(e)} aria-label="Delete my account">
        <Stack gap="sm" maw={420}>
          <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          {twoFactor && (
            <TextInput label="Two-factor code" autoComplete="one-time-code" inputMode="numeric" required value={code}
              onChange={(e) => setCode(e.currentTarget.value)} />
          )}
          <Checkbox label="Also delete my posts and comments" checked={deleteContent} onChange={(e) => setDeleteContent(e.currentTarget.checked)} />
          {remove.error && <Alert color="red" role="alert">{remove.error.message}</Alert>}
          <Button type="submit" color="red.8" loading={remove.isPending} w="fit-content">Delete my account</Button>
        </Stack>
      </form>
    </Paper>
  );
}
