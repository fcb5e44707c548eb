import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SessionInfo } from '../../../common/security.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { timeAgo } from '../../lib/time.ts';
import { useEndOtherSessions, useEndSession, useSessions } from './security-api.ts';

/** Where the account is signed in: end one session, or every one but this. */
export function SessionsList() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const confirm = useConfirm();
  const all = sessions.data?.pages.flatMap((page) => page.sessions) ?? [];
  const others = all.filter((s) => !s.current).length;

  const end = async (session: SessionInfo) => {
    const question = { title: 'End session', message: `Sign out ${session.browser} on ${session.device}?`, confirmLabel: 'End session' };
    if (await confirm(question)) endOne.mutate(session._id);
  };
  const endAll = async () => {
    const question = { title: 'Sign out other sessions', message: 'Sign out every other device and browser? This one stays signed in.', confirmLabel: 'Sign out others' };
    if (await confirm(question)) endOthers.mutate();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sessions-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="sessions-title">Active sessions</Title>
        <Button variant="default" size="compact-sm" disabled={others === 0} loading={endOthers.isPending} onClick={() => void endAll()}>
          Sign out all other sessions
        </Button>
      </Group>
      {sessions.isPending && <Text size="sm">Loading…</Text>}
      {(sessions.isError || endOne.isError || endOthers.isError) && <Alert color="red" role="alert">Could not update the sessions. Please try again.</Alert>}
      {endOthers.isSuccess && <Text size="sm" role="status" mb="xs">{endOthers.data.msg}</Text>}
      <Stack component="ul" gap="xs" m={0} p={0} aria-label="Sessions">
        {all.map((session) => (
          <Group key={session._id} component="li" justify="space-between" wrap="nowrap" style={{ listStyle: 'none' }} data-testid="session">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text size="sm" fw={500}>{session.browser} on {session.device}</Text>
                {session.current && <Badge size="sm" variant="light">This device</Badge>}
              </Group>
              <Text size="xs" c="dimmed">
                {session.address ?? 'Unknown address'} · signed in {timeAgo(session.createdAt)} · last active {timeAgo(session.lastSeenAt)}
              </Text>
            </Stack>
            {!session.current && (
              <Button variant="default" size="compact-sm" style={{ flexShrink: 0 }} aria-label={`End session: ${session.browser} on ${session.device}, signed in ${timeAgo(session.createdAt)}`}
                loading={endOne.isPending && endOne.variables === session._id} onClick={() => void end(session)}>
                End
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {sessions.hasNextPage && (
        <Button variant="subtle" mt="xs" loading={sessions.isFetchingNextPage} onClick={() => void sessions.fetchNextPage()}>Show more sessions</Button>
      )}
    </Paper>
  );
}
