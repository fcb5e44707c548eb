import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api, query } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';

type Unsubscribe = { type: string; label: string };

/**
 * Where an email's "Stop emails about ..." link lands, signed in or not: it asks first, because mail scanners open
 * links (opening changes nothing); the button turns off exactly that type's email, with the link as the only proof.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useSession();
  const path = `/api/notifications/unsubscribe${query({ token })}`;
  const about = useQuery({ queryKey: ['unsubscribe', token], queryFn: () => api<Unsubscribe>(path), enabled: token !== '', retry: false });
  const stop = useMutation({ mutationFn: () => api<Unsubscribe>(path, { method: 'POST' }) });

  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg">
        <Stack>
          <Title order={1} size="h2">Email preferences</Title>
          {!token && <Alert color="red" role="alert">This link is incomplete. Open it again from the email.</Alert>}
          {about.isPending && token && <Text c="dimmed">Reading the link...</Text>}
          {about.isError && <Alert color="red" role="alert">{about.error.message}</Alert>}
          {about.data && !stop.isSuccess && (
            <>
              <Text>Stop emails about <strong>{about.data.label}</strong>? You will still see them in the app.</Text>
              {stop.isError && <Alert color="red" role="alert">{stop.error.message}</Alert>}
              <Button onClick={() => stop.mutate()} loading={stop.isPending}>Unsubscribe</Button>
            </>
          )}
          {stop.isSuccess && (
            <Alert color="green" role="status">
              You will no longer get emails about {stop.data.label}.
            </Alert>
          )}
          <Text size="sm">
            All your choices are in{' '}
            <Anchor component={Link} to={user ? '/settings/notifications' : '/login?next=%2Fsettings%2Fnotifications'}>
              Settings, Notifications
            </Anchor>.
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
