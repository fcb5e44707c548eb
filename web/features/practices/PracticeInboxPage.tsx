import { Alert, Anchor, Badge, Button, Container, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import { Link, useParams } from 'react-router';
import { TREATING_ROLES, type InboxItem, type Practice, type PracticeReferralState } from '../../../common/practices.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PracticeLogo } from '../../components/PracticeLogo.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';
import { useAssign, useInbox, useNoCapacity, usePractice } from './api.ts';
import { useScreen } from '../../lib/useScreen.ts';

const m = withValues(defineMessages({
  all: { id: 'practices.inbox.all', defaultMessage: 'All', description: 'Filter of the intake inbox: every referral.' },
  unassigned: { id: 'practices.inbox.unassigned', defaultMessage: 'Unassigned', description: 'Filter and badge of the intake inbox: referrals not yet given to a clinician.' },
  assigned: { id: 'practices.inbox.assigned', defaultMessage: 'Assigned', description: 'Filter of the intake inbox: referrals given to a clinician.' },
  noCapacity: { id: 'practices.inbox.noCapacity', defaultMessage: 'No capacity', description: 'Filter, badge and button of the intake inbox: the practice has no room for the client.' },
  screenTitle: { id: 'practices.inbox.screenTitle', defaultMessage: 'Intake inbox · {practice}', description: 'Browser tab title of a practice\'s intake inbox; {practice} is its name.' },
  back: { id: 'practices.inbox.back', defaultMessage: 'Back to the practice', description: 'Link back to the practice\'s page.' },
  loading: { id: 'practices.inbox.loading', defaultMessage: 'Loading inbox...', description: 'While the intake inbox loads.' },
  title: { id: 'practices.inbox.title', defaultMessage: 'Intake inbox', description: 'Heading of the referrals sent to the practice.' },
  show: { id: 'practices.inbox.show', defaultMessage: 'Show', description: 'Accessible name of the inbox\'s filter.' },
  empty: { id: 'practices.inbox.empty', defaultMessage: 'No referrals here.', description: 'No referral matches the filter.' },
  loadMore: { id: 'practices.inbox.loadMore', defaultMessage: 'Load more', description: 'Button: show the next page of referrals.' },
  failed: { id: 'practices.inbox.failed', defaultMessage: 'Failed to update the referral.', description: 'Assigning or answering the referral failed and the server gave no reason.' },
  assignedTo: { id: 'practices.inbox.assignedTo', defaultMessage: 'Assigned to {name}', description: 'Badge: the referral was given to this clinician.' },
  from: { id: 'practices.inbox.from', defaultMessage: 'From {name} · {urgency, select, routine {routine} soon {soon} urgent {urgent} other {{urgency}}} · {status, select, open {open} placed {placed} withdrawn {withdrawn} expired {expired} other {{status}}}', description: 'A referral in the inbox: who sent it, its urgency and its status (lower case).' },
  response: { id: 'practices.inbox.response', defaultMessage: ' · {response, select, accepted {accepted} declined {declined} no_capacity {no capacity} placed_elsewhere {placed elsewhere} other {{response}}}', description: 'Follows the line above (keep the leading separator): the practice\'s answer to the referral (lower case).' },
  assignTo: { id: 'practices.inbox.assignTo', defaultMessage: 'Assign to', description: 'Label of the choice of clinician to give the referral to.' },
  chooseClinician: { id: 'practices.inbox.chooseClinician', defaultMessage: 'Choose a clinician', description: 'Placeholder of the clinician choice.' },
  assign: { id: 'practices.inbox.assign', defaultMessage: 'Assign', description: 'Button: give the referral to the chosen clinician.' },
}));

const FILTERS = [['all', m.all], ['unassigned', m.unassigned], ['assigned', m.assigned], ['no capacity', m.noCapacity]] as const;

/** /practices/{slug}/inbox: the referrals sent to the practice, for its intake members, admins and owner. */
export default function PracticeInboxPage() {
  const intl = useIntl();
  const { slug = '' } = useParams();
  const practice = usePractice(slug);
  const heading = useScreen(practice.data ? intl.formatMessage(m.screenTitle, { practice: practice.data.name }) : null);
  const [filter, setFilter] = useState('all');
  const inbox = useInbox(practice.data?._id, filter === 'all' ? null : filter as PracticeReferralState);
  const items = inbox.data?.pages.flatMap((p) => p.referrals) ?? [];
  const filters = FILTERS.map(([value, label]) => ({ value, label: intl.formatMessage(label) }));
  return (
    <Container size="md" px={0}>
      <Anchor component={Link} to={`/practices/${slug}`} size="sm">{intl.formatMessage(m.back)}</Anchor>
      {practice.isPending && <PageLoader label={intl.formatMessage(m.loading)} />}
      {practice.isError && <Alert color="red" role="alert" mt="md">{practice.error.message}</Alert>}
      {practice.data && (
        <Stack gap="md" mt="sm">
          <Group gap="sm" wrap="nowrap" align="center">
            <PracticeLogo name={practice.data.name} logo={practice.data.logo} size="md" />
            <div style={{ minWidth: 0 }}>
              <Title order={1} size="h2" ref={heading} tabIndex={-1}>{intl.formatMessage(m.title)}</Title>
              <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>{practice.data.name}</Text>
            </div>
          </Group>
          <SegmentedControl aria-label={intl.formatMessage(m.show)} data={filters} value={filter} onChange={setFilter} fullWidth />
          {inbox.isError && <Alert color="red" role="alert">{inbox.error.message}</Alert>}
          {inbox.isSuccess && !items.length && <Text c="dimmed">{intl.formatMessage(m.empty)}</Text>}
          {items.map((item) => <InboxCard key={item._id} item={item} practice={practice.data} />)}
          {inbox.hasNextPage && (
            <Button variant="default" loading={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>{intl.formatMessage(m.loadMore)}</Button>
          )}
        </Stack>
      )}
    </Container>
  );
}

function InboxCard({ item, practice }: { item: InboxItem; practice: Practice }) {
  const intl = useIntl();
  const [clinician, setClinician] = useState<string | null>(null);
  const assign = useAssign(practice._id);
  const noCapacity = useNoCapacity(practice._id);
  const { busy, message, submit } = useSubmit(intl.formatMessage(m.failed));
  const options = practice.members.filter((mb) => TREATING_ROLES.includes(mb.role)).map((mb) => ({ value: mb._id, label: mb.name }));
  const title = [item.ageGroup, item.concerns.join(', '), item.sessionFormats.join(', '), item.region].join(' · ');
  const open = item.status === 'open' && item.state === 'unassigned';
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={title}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{title}</Text>
        <Badge variant="light">
          {item.state === 'assigned' && item.assignedTo ? intl.formatMessage(m.assignedTo, { name: item.assignedTo.name })
            : intl.formatMessage(item.state === 'no capacity' ? m.noCapacity : m.unassigned)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {intl.formatMessage(m.from, { name: item.sender.name, urgency: item.urgency, status: item.status })}
        {item.response && item.response !== 'pending' ? intl.formatMessage(m.response, { response: item.response.replaceAll(' ', '_') }) : ''}
      </Text>
      {open && (
        <form onSubmit={submit(async () => { if (clinician) await assign.mutateAsync({ referralId: item._id, userId: clinician }); })}>
          <Group mt="sm" align="flex-end" gap="sm">
            <Select label={intl.formatMessage(m.assignTo)} placeholder={intl.formatMessage(m.chooseClinician)} data={options} value={clinician}
              onChange={setClinician} style={{ flex: '1 1 12rem' }} />
            <Button type="submit" loading={busy} disabled={!clinician}>{intl.formatMessage(m.assign)}</Button>
            <Button variant="default" disabled={busy} onClick={submit(async () => { await noCapacity.mutateAsync(item._id); })}>
              {intl.formatMessage(m.noCapacity)}
            </Button>
          </Group>
        </form>
      )}
      {message && <Alert color="red" role="alert" mt="sm">{message}</Alert>}
    </Paper>
  );
}
