import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import type { SessionInfo } from '../../../common/security.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { withValues } from '../../lib/messages.ts';
import { useTimeAgo } from '../../lib/time.ts';
import { useDeviceName } from './device-name.tsx';
import { useEndOtherSessions, useEndSession, useSessions } from './security-api.ts';

const m = withValues(defineMessages({
  title: { id: 'settings.sessions.title', defaultMessage: 'Active sessions', description: 'Heading of the list of devices and browsers signed in to the account (Security tab).' },
  endAll: { id: 'settings.sessions.endAll', defaultMessage: 'Sign out all other sessions', description: 'Button: sign out every session but this one.' },
  loading: { id: 'settings.loading', defaultMessage: 'Loading…', description: 'A settings section while it loads.' },
  failed: { id: 'settings.sessions.failed', defaultMessage: 'Could not update the sessions. Please try again.', description: 'The sessions could not be read, or ending one failed.' },
  label: { id: 'settings.sessions.label', defaultMessage: 'Sessions', description: 'Accessible name of the list of sessions.' },
  thisDevice: { id: 'settings.sessions.thisDevice', defaultMessage: 'This device', description: 'Badge beside the session the member is using now.' },
  meta: {
    id: 'settings.sessions.meta', defaultMessage: '{address} · signed in {signedIn} · last active {lastActive}',
    description: 'Under a session: its network address (last part hidden), when it signed in and when it was last used ("5m ago").',
  },
  unknownAddress: { id: 'settings.sessions.unknownAddress', defaultMessage: 'Unknown address', description: 'A session whose network address is not known.' },
  endLabel: {
    id: 'settings.sessions.endLabel', defaultMessage: 'End session: {session}, signed in {signedIn}',
    description: 'Accessible name of the End button of a session: {session} is "Firefox on macOS", {signedIn} "5m ago".',
  },
  end: { id: 'settings.sessions.end', defaultMessage: 'End', description: 'Button ending one session.' },
  more: { id: 'settings.sessions.more', defaultMessage: 'Show more sessions', description: 'Button loading more sessions.' },
  endTitle: { id: 'settings.sessions.endTitle', defaultMessage: 'End session', description: 'Title and confirm button of the confirmation before ending a session.' },
  endQuestion: { id: 'settings.sessions.endQuestion', defaultMessage: 'Sign out {session}?', description: 'Confirmation before ending a session; {session} is "Firefox on macOS".' },
  endAllTitle: { id: 'settings.sessions.endAllTitle', defaultMessage: 'Sign out other sessions', description: 'Title of the confirmation before signing out every other session.' },
  endAllQuestion: {
    id: 'settings.sessions.endAllQuestion', defaultMessage: 'Sign out every other device and browser? This one stays signed in.',
    description: 'Confirmation before signing out every other session.',
  },
  endAllConfirm: { id: 'settings.sessions.endAllConfirm', defaultMessage: 'Sign out others', description: 'Confirm button: sign out every other session.' },
}));

/** Where the account is signed in: end one session, or every one but this. */
export function SessionsList() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const timeAgo = useTimeAgo();
  const deviceName = useDeviceName();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const confirm = useConfirm();
  const all = sessions.data?.pages.flatMap((page) => page.sessions) ?? [];
  const others = all.filter((s) => !s.current).length;

  const end = async (session: SessionInfo) => {
    const question = { title: t(m.endTitle), message: t(m.endQuestion, { session: deviceName(session.device).text }), confirmLabel: t(m.endTitle) };
    if (await confirm(question)) endOne.mutate(session._id);
  };
  const endAll = async () => {
    const question = { title: t(m.endAllTitle), message: t(m.endAllQuestion), confirmLabel: t(m.endAllConfirm) };
    if (await confirm(question)) endOthers.mutate();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sessions-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="sessions-title">{t(m.title)}</Title>
        <Button variant="default" size="compact-sm" disabled={others === 0} loading={endOthers.isPending} onClick={() => void endAll()}>
          {t(m.endAll)}
        </Button>
      </Group>
      {sessions.isPending && <Text size="sm">{t(m.loading)}</Text>}
      {(sessions.isError || endOne.isError || endOthers.isError) && <Alert color="red" role="alert">{t(m.failed)}</Alert>}
      {endOthers.isSuccess && <Text size="sm" role="status" mb="xs">{endOthers.data.msg}</Text>}
      <Stack component="ul" gap="xs" m={0} p={0} aria-label={t(m.label)}>
        {all.map((session) => {
          const name = deviceName(session.device);
          const signedIn = timeAgo(session.createdAt);
          return (
            <Group key={session._id} component="li" justify="space-between" wrap="nowrap" style={{ listStyle: 'none' }} data-testid="session">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text size="sm" fw={500}>{name.node}</Text>
                  {session.current && <Badge size="sm" variant="light">{t(m.thisDevice)}</Badge>}
                </Group>
                <Text size="xs" c="dimmed">
                  {t(m.meta, {
                    address: session.address ? <span translate="no">{session.address}</span> : t(m.unknownAddress),
                    signedIn, lastActive: timeAgo(session.lastSeenAt),
                  })}
                </Text>
              </Stack>
              {!session.current && (
                <Button variant="default" size="compact-sm" style={{ flexShrink: 0 }} aria-label={t(m.endLabel, { session: name.text, signedIn })}
                  loading={endOne.isPending && endOne.variables === session._id} onClick={() => void end(session)}>
                  {t(m.end)}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
      {sessions.hasNextPage && (
        <Button variant="subtle" mt="xs" loading={sessions.isFetchingNextPage} onClick={() => void sessions.fetchNextPage()}>{t(m.more)}</Button>
      )}
    </Paper>
  );
}
