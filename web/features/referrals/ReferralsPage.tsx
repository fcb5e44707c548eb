import { Button, Container, Group, Tabs, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useReferralCounts } from '../../lib/referrals.ts';
import { useBoard, useReferralList, type Box } from './api.ts';
import { BoardCard } from './components/BoardCard.tsx';
import { PagedList } from './components/PagedList.tsx';
import { ReferralRow } from './components/ReferralRow.tsx';
import { useScreen } from './useScreen.ts';

type Tab = 'received' | 'sent' | 'board';

/** /referrals, /referrals/sent, /referrals/board: the tab is in the address, so it survives a reload and a link. */
export default function ReferralsPage({ tab: current }: { tab: Tab }) {
  const navigate = useNavigate();
  const heading = useScreen('Referrals');
  const open = useReferralCounts().data?.receivedOpen ?? 0;
  return (
    <Container size="md" px={0}>
      <Group justify="space-between" align="center" mb="xs">
        <Title order={1} ref={heading} tabIndex={-1}>Referrals</Title>
        <Button component={Link} to="/referrals/new">Refer a client</Button>
      </Group>
      <Text c="dimmed" mb="md">Describe what a client needs, never who they are. Colleagues answer here.</Text>
      <Tabs value={current} keepMounted={false}
        onChange={(value) => value && navigate(value === 'received' ? '/referrals' : `/referrals/${value}`)}>
        <Tabs.List aria-label="Referrals">
          <Tabs.Tab value="received">Received{open > 0 ? ` (${open} open)` : ''}</Tabs.Tab>
          <Tabs.Tab value="sent">Sent</Tabs.Tab>
          <Tabs.Tab value="board">Board</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="received" pt="md"><BoxList box="received" /></Tabs.Panel>
        <Tabs.Panel value="sent" pt="md"><BoxList box="sent" /></Tabs.Panel>
        <Tabs.Panel value="board" pt="md"><BoardList /></Tabs.Panel>
      </Tabs>
    </Container>
  );
}

const EMPTY: Record<Box, string> = {
  received: 'No referrals received yet. Colleagues who find you a good match will send them here.',
  sent: 'You have not referred a client yet.',
};

function BoxList({ box }: { box: Box }) {
  const list = useReferralList(box);
  return (
    <PagedList items={list.data?.pages.flatMap((p) => p.referrals)} isPending={list.isPending} error={list.error}
      hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage}
      loadingText="Loading referrals..." empty={EMPTY[box]} label={box === 'received' ? 'Referrals received' : 'Referrals sent'}
      keyOf={(r) => r._id} render={(r) => <ReferralRow referral={r} box={box} />} />
  );
}

function BoardList() {
  const board = useBoard();
  return (
    <PagedList items={board.data?.pages.flatMap((p) => p.referrals)} isPending={board.isPending} error={board.error}
      hasNextPage={board.hasNextPage} isFetchingNextPage={board.isFetchingNextPage} fetchNextPage={board.fetchNextPage}
      loadingText="Loading the board..." label="Requests on the board" keyOf={(r) => r._id}
      empty="No open requests on the board match the age groups and concerns on your profile."
      render={(item) => <BoardCard item={item} />} />
  );
}
