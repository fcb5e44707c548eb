import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { api, query } from '../../lib/api.ts';
import { withValues } from '../../lib/messages.ts';
import { useSession } from '../../lib/session.tsx';

type Unsubscribe = { type: string; label: string };

const m = withValues(defineMessages({
  title: { id: 'notifications.unsubscribe.title', defaultMessage: 'Email preferences', description: 'Heading of the page an email\'s unsubscribe link opens.' },
  incomplete: { id: 'notifications.unsubscribe.incomplete', defaultMessage: 'This link is incomplete. Open it again from the email.', description: 'The unsubscribe link has no token.' },
  reading: { id: 'notifications.unsubscribe.reading', defaultMessage: 'Reading the link...', description: 'While the unsubscribe link is checked.' },
  question: {
    id: 'notifications.unsubscribe.question', defaultMessage: 'Stop emails about <strong>{label}</strong>? You will still see them in the app.',
    description: 'Asks before unsubscribing; {label} is the kind of notification ("Replies to my posts").',
  },
  unsubscribe: { id: 'notifications.unsubscribe.button', defaultMessage: 'Unsubscribe', description: 'Button: stop these emails.' },
  done: { id: 'notifications.unsubscribe.done', defaultMessage: 'You will no longer get emails about {label}.', description: 'After unsubscribing; {label} is the kind of notification.' },
  allChoices: {
    id: 'notifications.unsubscribe.allChoices', defaultMessage: 'All your choices are in <link>Settings, Notifications</link>.',
    description: 'Under the unsubscribe form; <link> opens the notification settings.',
  },
}));

/**
 * Where an email's "Stop emails about ..." link lands, signed in or not: it asks first, because mail scanners open
 * links (opening changes nothing); the button turns off exactly that type's email, with the link as the only proof.
 */
export default function UnsubscribePage() {
  const t = useIntl().formatMessage;
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useSession();
  const path = `/api/notifications/unsubscribe${query({ token })}`;
  const about = useQuery({ queryKey: ['unsubscribe', token], queryFn: () => api<Unsubscribe>(path), enabled: token !== '', retry: false });
  const stop = useMutation({ mutationFn: () => api<Unsubscribe>(path, { method: 'POST' }) });
  const settings = user ? '/settings/notifications' : '/login?next=%2Fsettings%2Fnotifications';

  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg">
        <Stack>
          <Title order={1} size="h2">{t(m.title)}</Title>
          {!token && <Alert color="red" role="alert">{t(m.incomplete)}</Alert>}
          {about.isPending && token && <Text c="dimmed">{t(m.reading)}</Text>}
          {about.isError && <Alert color="red" role="alert">{about.error.message}</Alert>}
          {about.data && !stop.isSuccess && (
            <>
              <Text>{t(m.question, { label: about.data.label, strong: (chunks: ReactNode[]) => <strong>{chunks}</strong> })}</Text>
              {stop.isError && <Alert color="red" role="alert">{stop.error.message}</Alert>}
              <Button onClick={() => stop.mutate()} loading={stop.isPending}>{t(m.unsubscribe)}</Button>
            </>
          )}
          {stop.isSuccess && (
            <Alert color="green" role="status">
              {t(m.done, { label: stop.data.label })}
            </Alert>
          )}
          <Text size="sm">
            {t(m.allChoices, { link: (chunks: ReactNode[]) => <Anchor component={Link} to={settings}>{chunks}</Anchor> })}
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
