import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import { Link } from 'react-router';
import type { ReferralListItem } from '../../../../common/referrals.ts';
import { timeAgo } from '../../../lib/time.ts';
import { needsLine } from './labels.ts';
import { ResponseBadge, StatusBadge, UrgencyBadge } from './StatusBadge.tsx';
import { DOT } from '../../../lib/punctuation.ts';

const m = withValues(defineMessages({
  asked: { id: 'referrals.row.asked', defaultMessage: '{asked, plural, one {# therapist} other {# therapists}} asked, {accepted, number} accepted', description: 'A sent referral in the list: how many therapists it was sent to, and how many of them accepted.' },
  onBoard: { id: 'referrals.row.onBoard', defaultMessage: 'on the board', description: 'A sent referral in the list: it is also posted to the board (lower case, follows a separator).' },
  offers: { id: 'referrals.row.offers', defaultMessage: '{offers, plural, one {# offer waiting} other {# offers waiting}}', description: 'A sent referral in the list: offers from the board waiting for the sender\'s answer.' },
  notSent: { id: 'referrals.row.notSent', defaultMessage: 'Not sent to anyone yet', description: 'A sent referral in the list that went to no therapist and not to the board.' },
  from: { id: 'referrals.row.from', defaultMessage: 'From {name}', description: 'A received referral in the list: who sent it.' },
}));

/** What the sender needs to know at a glance: who was asked, who accepted, what waits on the board. */
function sentSummary(intl: IntlShape, r: ReferralListItem): string {
  const parts = [];
  if (r.recipientCount) parts.push(intl.formatMessage(m.asked, { asked: r.recipientCount, accepted: r.acceptedCount }));
  if (r.toBoard) parts.push(intl.formatMessage(m.onBoard));
  if (r.openOffers) parts.push(intl.formatMessage(m.offers, { offers: r.openOffers }));
  return parts.join(' · ');
}

/** One referral in the Received or Sent list; the whole title is the link to it. */
export function ReferralRow({ referral: r, box }: { referral: ReferralListItem; box: 'received' | 'sent' }) {
  const intl = useIntl();
  const labels = useOptionLabels();
  const titleId = `referral-${r._id}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={titleId} data-testid="referral-row">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Anchor component={Link} to={`/referrals/${r._id}`} fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {needsLine(r, labels)}
          </Anchor>
          <Group gap={6}>
            <UrgencyBadge urgency={r.urgency} />
            {box === 'received' && r.myResponse && r.status === 'open' ? <ResponseBadge response={r.myResponse} /> : <StatusBadge status={r.status} />}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {box === 'received' ? intl.formatMessage(m.from, { name: r.sender.name }) : sentSummary(intl, r) || intl.formatMessage(m.notSent)}
          {DOT}<time dateTime={r.createdAt}>{timeAgo(intl, r.createdAt)}</time>
        </Text>
      </Stack>
    </Paper>
  );
}
