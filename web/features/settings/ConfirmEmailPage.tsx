import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';
import { confirmEmail } from './security-api.ts';

/**
 * The link from the confirmation email: /confirm-email?token=... The change waits for a click, so a mail scanner that
 * opens links does not make it alone.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, refresh } = useSession();
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, submit } = useSubmit('Could not confirm the address. Please try again.');
  const onConfirm = submit(async () => {
    const { msg } = await confirmEmail(token);
    setDone(msg);
    if (user) await refresh();
  });
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg">
        <Stack>
          <Title order={1} size="h3">Confirm your new email address</Title>
          {!token && <Alert color="red" role="alert">This link has no token. Please open the link from the email again.</Alert>}
          {message && <Alert color="red" role="alert">{message}</Alert>}
          {done ? (
            <>
              <Alert color="green" role="status">{done}</Alert>
              <Anchor component={Link} to={user ? '/settings/security' : '/login'}>{user ? 'Back to settings' : 'Go to login'}</Anchor>
            </>
          ) : (
            <>
              <Text size="sm">Confirm to make this the email address you sign in with.</Text>
              <Button onClick={() => onConfirm()} loading={busy} disabled={!token}>Confirm email address</Button>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
