import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';
import { confirmEmail } from './security-api.ts';
import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({
  title: { id: 'settings.confirmEmail.title', defaultMessage: 'Confirm your new email address', description: 'Title of the page opened from the email-change confirmation link.' },
  failed: { id: 'settings.confirmEmail.failed', defaultMessage: 'Could not confirm the address. Please try again.', description: 'Confirming the new address failed (no server reason).' },
  noToken: { id: 'settings.confirmEmail.noToken', defaultMessage: 'This link has no token. Please open the link from the email again.', description: 'The confirmation link is incomplete.' },
  backToSettings: { id: 'settings.confirmEmail.backToSettings', defaultMessage: 'Back to settings', description: 'Link after confirming, signed in.' },
  goToLogin: { id: 'settings.confirmEmail.goToLogin', defaultMessage: 'Go to login', description: 'Link after confirming, signed out.' },
  explain: { id: 'settings.confirmEmail.explain', defaultMessage: 'Confirm to make this the email address you sign in with.', description: 'Before the confirm button.' },
  confirm: { id: 'settings.confirmEmail.confirm', defaultMessage: 'Confirm email address', description: 'Button confirming the new email address.' },
});

/**
 * The link from the confirmation email: /confirm-email?token=... The change waits for a click, so a mail scanner that
 * opens links does not make it alone.
 */
export default function ConfirmEmailPage() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, refresh } = useSession();
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, submit } = useSubmit(t(m.failed));
  const onConfirm = submit(async () => {
    const { msg } = await confirmEmail(token);
    setDone(msg);
    if (user) await refresh();
  });
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg">
        <Stack>
          <Title order={1} size="h3">{t(m.title)}</Title>
          {!token && <Alert color="red" role="alert">{t(m.noToken)}</Alert>}
          {message && <Alert color="red" role="alert">{message}</Alert>}
          {done ? (
            <>
              <Alert color="green" role="status">{done}</Alert>
              <Anchor component={Link} to={user ? '/settings/security' : '/login'}>{t(user ? m.backToSettings : m.goToLogin)}</Anchor>
            </>
          ) : (
            <>
              <Text size="sm">{t(m.explain)}</Text>
              <Button onClick={() => onConfirm()} loading={busy} disabled={!token}>{t(m.confirm)}</Button>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
