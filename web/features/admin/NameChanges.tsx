import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { PagePagination } from '../../components/PagePagination.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { withValues } from '../../lib/messages.ts';
import { timeAgo } from '../../lib/time.ts';
import { useDecideNameChange, useNameChanges } from './api.ts';
import { ARROW } from '../../lib/punctuation.ts';

const m = withValues(defineMessages({
  title: { id: 'admin.nameChanges.title', defaultMessage: 'Name changes', description: 'Heading of the queue of new names verified members asked for.' },
  intro: { id: 'admin.nameChanges.intro', defaultMessage: 'Verified members who asked for a new name. Their profile keeps the old name until you approve.', description: 'Under the name changes heading.' },
  none: { id: 'admin.nameChanges.none', defaultMessage: 'No name changes are waiting for review.', description: 'The name change queue is empty.' },
  asked: { id: 'admin.nameChanges.asked', defaultMessage: 'asked {ago}', description: 'When the member asked for the new name; {ago} is a relative time such as "5m ago".' },
  sameName: { id: 'admin.nameChanges.sameName', defaultMessage: '{count, plural, one {Another member has this name} other {# other members have this name}}', description: 'Warning: other members already carry the new name asked for (impersonation risk).' },
  approveName: { id: 'admin.nameChanges.approveName', defaultMessage: 'Approve the name {name} for {current}', description: 'Accessible name of the approve button; {name} is the new name, {current} the member\'s current name.' },
  approve: { id: 'admin.nameChanges.approve', defaultMessage: 'Approve', description: 'Button: approve the new name.' },
  declineName: { id: 'admin.nameChanges.declineName', defaultMessage: 'Decline the name {name} for {current}', description: 'Accessible name of the decline button; {name} is the new name, {current} the member\'s current name.' },
  decline: { id: 'admin.nameChanges.decline', defaultMessage: 'Decline', description: 'Button: decline the new name.' },
}));

/**
 * Verified members' new names, oldest first. The old name shows everywhere until one is approved; a name another
 * member already carries is flagged, since a copied name is how impersonation starts.
 */
export function NameChanges() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useNameChanges(page);
  const decide = useDecideNameChange();
  const busy = (id: string, approved: boolean) => decide.isPending && decide.variables?.id === id && decide.variables.approved === approved;

  return (
    <Stack component="section" aria-labelledby="name-changes-title">
      <Title order={2} size="h3" id="name-changes-title">{intl.formatMessage(m.title)}</Title>
      <Text>{intl.formatMessage(m.intro)}</Text>
      {decide.error && <Alert color="red" role="alert">{decide.error.message}</Alert>}
      {isPending && <PageLoader />}
      {error && <Alert color="red" role="alert">{error.message}</Alert>}
      {data && data.nameChanges.length === 0 && <Text>{intl.formatMessage(m.none)}</Text>}
      {data?.nameChanges.map((c) => (
        <Card key={c._id} withBorder>
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fw={600}>{c.name}{ARROW}{c.pendingName}</Text>
              <Text size="sm">{intl.formatMessage(m.asked, { ago: timeAgo(intl, c.requestedAt) })}</Text>
              {c.sameNameCount > 0 && (
                <Badge color="red" c="red.9" variant="light" mt={6}>
                  {intl.formatMessage(m.sameName, { count: c.sameNameCount })}
                </Badge>
              )}
            </div>
            <Group gap="xs">
              <Button onClick={() => decide.mutate({ id: c._id, approved: true })} loading={busy(c._id, true)}
                aria-label={intl.formatMessage(m.approveName, { name: c.pendingName, current: c.name })}>{intl.formatMessage(m.approve)}</Button>
              <Button variant="outline" color="red.8" onClick={() => decide.mutate({ id: c._id, approved: false })} loading={busy(c._id, false)}
                aria-label={intl.formatMessage(m.declineName, { name: c.pendingName, current: c.name })}>{intl.formatMessage(m.decline)}</Button>
            </Group>
          </Group>
        </Card>
      ))}
      {data && data.totalPages > 1 && <PagePagination total={data.totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
}
