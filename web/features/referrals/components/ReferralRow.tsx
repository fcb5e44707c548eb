import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ReferralListItem } from '../../../../common/referrals.ts';
import { timeAgo } from '../../../lib/time.ts';
import { needsLine } from './labels.ts';
import { ResponseBadge, StatusBadge, UrgencyBadge } from './StatusBadge.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the sender needs to know at a glance: who was asked, who accepted, what waits on the board. */
function sentSummary(r: ReferralListItem): string {
  const parts = [];
  if (r.recipientCount) parts.push(`${plural(r.recipientCount, 'therapist', 'therapists')} asked, ${r.acceptedCount} accepted`);
  if (r.toBoard) parts.push('on the board');
  if (r.openOffers) parts.push(plural(r.openOffers, 'offer waiting', 'offers waiting'));
  return parts.join(' · ');
}

/** One referral in the Received or Sent list; the whole title is the link to it. */
export function ReferralRow({ referral: r, box }: { referral: ReferralListItem; box: 'received' | 'sent' }) {
  const titleId = `referral-${r._id}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={titleId} data-testid="referral-row">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Anchor component={Link} to={`/referrals/${r._id}`} fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {needsLine(r)}
          </Anchor>
          <Group gap={6}>
            <UrgencyBadge urgency={r.urgency} />
            {box === 'received' && r.myResponse && r.status === 'open' ? <ResponseBadge response={r.myResponse} /> : <StatusBadge status={r.status} />}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {box === 'received' ? <>From {r.sender.name}</> : sentSummary(r) || 'Not sent to anyone yet'}
          {' · '}<time dateTime={r.createdAt}>{timeAgo(r.createdAt)}</time>
        </Text>
      </Stack>
    </Paper>
  );
}
