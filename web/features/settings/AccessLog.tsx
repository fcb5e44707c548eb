import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AccessLog as AccessLogPage } from '../../../common/audit.ts';
import { api, query } from '../../lib/api.ts';
import { defineMessages, useIntl } from 'react-intl';
import { describeAccess } from './access-messages.ts';
import { DOT } from '../../lib/punctuation.ts';
import { useDeviceName } from './device-name.tsx';

const m = defineMessages({
  title: { id: 'settings.accessLog.title', defaultMessage: 'Access to my account', description: 'Heading of the account\'s access history (Security tab).' },
  intro: {
    id: 'settings.accessLog.intro',
    defaultMessage: 'Sign-ins and security changes, and each time someone else read or changed your information. Administrators '
      + 'give a reason before reading a reported conversation. If something here was not you, change your password.',
    description: 'What the access history lists.',
  },
  loading: { id: 'settings.loading', defaultMessage: 'Loading…', description: 'A settings section while it loads.' },
  failed: { id: 'settings.accessLog.failed', defaultMessage: 'Could not load the access history. Please try again.', description: 'The access history could not be read.' },
  empty: { id: 'settings.accessLog.empty', defaultMessage: 'Nothing recorded yet.', description: 'The access history is empty.' },
  label: { id: 'settings.accessLog.label', defaultMessage: 'Access history', description: 'Accessible name of the access history list.' },
  earlier: { id: 'settings.accessLog.earlier', defaultMessage: 'Show earlier', description: 'Button: load older entries of the access history.' },
});

/** The date and time in full, as toLocaleString() gives it, in the app's language. */
const FULL_DATE_TIME = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' } as const;
import { useTimeAgo } from '../../lib/time.ts';

const accessLogQuery = infiniteQueryOptions({
  queryKey: ['settings', 'access-log'],
  queryFn: ({ signal, pageParam }) => api<AccessLogPage>(`/api/users/me/access-log${query({ cursor: pageParam })}`, { signal }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});


/**
 * "Access to my account": the member's sign-ins and security changes, and every time someone else read or changed
 * their data (an administrator, a colleague reading a referral), from the audit trail.
 */
export function AccessLog() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const timeAgo = useTimeAgo();
  const deviceName = useDeviceName();
  const log = useInfiniteQuery(accessLogQuery);
  const events = log.data?.pages.flatMap((p) => p.events) ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="access-log-title">
      <Title order={2} size="h4" id="access-log-title">{t(m.title)}</Title>
      <Text size="sm" c="dimmed" mb="xs">{t(m.intro)}</Text>
      {log.isPending && <Text size="sm">{t(m.loading)}</Text>}
      {log.isError && <Alert color="red" role="alert">{t(m.failed)}</Alert>}
      {log.isSuccess && !events.length && <Text size="sm">{t(m.empty)}</Text>}
      <Stack component="ul" gap="xs" m={0} p={0} aria-label={t(m.label)}>
        {events.map((e) => (
          <li key={e._id} style={{ listStyle: 'none' }}>
            <Text size="sm" fw={500}>{describeAccess(intl, e)}</Text>
            <Text size="xs" c="dimmed">
              <time dateTime={e.at} title={intl.formatDate(e.at, FULL_DATE_TIME)}>{timeAgo(e.at)}</time>
              {e.device && <>{DOT}{deviceName(e.device).node}</>}
              {e.address && <>{DOT}<span translate="no">{e.address}</span></>}
            </Text>
          </li>
        ))}
      </Stack>
      {log.hasNextPage && (
        <Button variant="subtle" mt="xs" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>{t(m.earlier)}</Button>
      )}
    </Paper>
  );
}
