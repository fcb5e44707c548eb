import { Button, Container, Group, Tabs, Text, Title } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import { Link, useNavigate } from 'react-router';
import { useReferralCounts } from '../../lib/referrals.ts';
import { useBoard, useReferralList, type Box } from './api.ts';
import { BoardCard } from './components/BoardCard.tsx';
import { PagedList } from './components/PagedList.tsx';
import { ReferralRow } from './components/ReferralRow.tsx';
import { useScreen } from '../../lib/useScreen.ts';

const m = withValues(defineMessages({
  title: { id: 'referrals.list.title', defaultMessage: 'Referrals', description: 'Title of the referrals screen (and of the browser tab); also the accessible name of its tabs.' },
  insights: { id: 'referrals.list.insights', defaultMessage: 'Insights', description: 'Button: open the member\'s referral figures and charts.' },
  refer: { id: 'referrals.list.refer', defaultMessage: 'Refer a client', description: 'Button: write a new referral.' },
  intro: { id: 'referrals.list.intro', defaultMessage: 'Describe what a client needs, never who they are. Colleagues answer here.', description: 'Under the referrals title.' },
  received: { id: 'referrals.list.received', defaultMessage: 'Received', description: 'Tab: referrals the member received.' },
  receivedOpen: { id: 'referrals.list.receivedOpen', defaultMessage: 'Received ({open, plural, one {# open} other {# open}})', description: 'Tab: referrals the member received, with how many still wait for an answer.' },
  sent: { id: 'referrals.list.sent', defaultMessage: 'Sent', description: 'Tab: referrals the member sent.' },
  board: { id: 'referrals.list.board', defaultMessage: 'Board', description: 'Tab: the board, where requests wait for any matching therapist to offer.' },
  emptyReceived: { id: 'referrals.list.emptyReceived', defaultMessage: 'No referrals received yet. Colleagues who find you a good match will send them here.', description: 'The Received tab when empty.' },
  emptySent: { id: 'referrals.list.emptySent', defaultMessage: 'You have not referred a client yet.', description: 'The Sent tab when empty.' },
  loading: { id: 'referrals.list.loading', defaultMessage: 'Loading referrals...', description: 'While a list of referrals loads.' },
  receivedLabel: { id: 'referrals.list.receivedLabel', defaultMessage: 'Referrals received', description: 'Accessible name of the list of referrals received.' },
  sentLabel: { id: 'referrals.list.sentLabel', defaultMessage: 'Referrals sent', description: 'Accessible name of the list of referrals sent.' },
  loadingBoard: { id: 'referrals.list.loadingBoard', defaultMessage: 'Loading the board...', description: 'While the board loads.' },
  boardLabel: { id: 'referrals.list.boardLabel', defaultMessage: 'Requests on the board', description: 'Accessible name of the list of requests on the board.' },
  emptyBoard: { id: 'referrals.list.emptyBoard', defaultMessage: 'No open requests on the board match the age groups and concerns on your profile.', description: 'The Board tab when nothing matches the member\'s profile.' },
}));

type Tab = 'received' | 'sent' | 'board';

/** /referrals, /referrals/sent, /referrals/board: the tab is in the address, so it survives a reload and a link. */
export default function ReferralsPage({ tab: current }: { tab: Tab }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const heading = useScreen(intl.formatMessage(m.title));
  const open = useReferralCounts().data?.receivedOpen ?? 0;
  return (
    <Container size="md" px={0}>
      <Group justify="space-between" align="center" mb="xs">
        <Title order={1} ref={heading} tabIndex={-1}>{intl.formatMessage(m.title)}</Title>
        <Group gap="xs">
          <Button component={Link} to="/referrals/insights" variant="light">{intl.formatMessage(m.insights)}</Button>
          <Button component={Link} to="/referrals/new">{intl.formatMessage(m.refer)}</Button>
        </Group>
      </Group>
      <Text c="dimmed" mb="md">{intl.formatMessage(m.intro)}</Text>
      <Tabs value={current} keepMounted={false}
        onChange={(value) => value && navigate(value === 'received' ? '/referrals' : `/referrals/${value}`)}>
        <Tabs.List aria-label={intl.formatMessage(m.title)}>
          <Tabs.Tab value="received">{open > 0 ? intl.formatMessage(m.receivedOpen, { open }) : intl.formatMessage(m.received)}</Tabs.Tab>
          <Tabs.Tab value="sent">{intl.formatMessage(m.sent)}</Tabs.Tab>
          <Tabs.Tab value="board">{intl.formatMessage(m.board)}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="received" pt="md"><BoxList box="received" /></Tabs.Panel>
        <Tabs.Panel value="sent" pt="md"><BoxList box="sent" /></Tabs.Panel>
        <Tabs.Panel value="board" pt="md"><BoardList /></Tabs.Panel>
      </Tabs>
    </Container>
  );
}

const EMPTY = { received: m.emptyReceived, sent: m.emptySent } satisfies Record<Box, unknown>;

function BoxList({ box }: { box: Box }) {
  const intl = useIntl();
  const list = useReferralList(box);
  return (
    <PagedList items={list.data?.pages.flatMap((p) => p.referrals)} isPending={list.isPending} error={list.error}
      hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage}
      loadingText={intl.formatMessage(m.loading)} empty={intl.formatMessage(EMPTY[box])}
      label={intl.formatMessage(box === 'received' ? m.receivedLabel : m.sentLabel)}
      keyOf={(r) => r._id} render={(r) => <ReferralRow referral={r} box={box} />} />
  );
}

function BoardList() {
  const intl = useIntl();
  const board = useBoard();
  return (
    <PagedList items={board.data?.pages.flatMap((p) => p.referrals)} isPending={board.isPending} error={board.error}
      hasNextPage={board.hasNextPage} isFetchingNextPage={board.isFetchingNextPage} fetchNextPage={board.fetchNextPage}
      loadingText={intl.formatMessage(m.loadingBoard)} label={intl.formatMessage(m.boardLabel)} keyOf={(r) => r._id}
      empty={intl.formatMessage(m.emptyBoard)}
      render={(item) => <BoardCard item={item} />} />
  );
}
