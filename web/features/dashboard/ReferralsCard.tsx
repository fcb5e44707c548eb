import { Anchor, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl, type MessageTag } from 'react-intl';
import { Link } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useOptionLabels } from '../../lib/option-labels.ts';
import { useLatestReceived, useReferralCounts } from '../../lib/referrals.ts';
import { useTimeAgo } from '../../lib/time.ts';
import { DashboardCard } from './DashboardCard.tsx';

const LATEST = 3;

const m = defineMessages({
  title: { id: 'dashboard.referrals.title', defaultMessage: 'Referrals', description: 'Dashboard card title: referrals received (orientations).' },
  open: { id: 'dashboard.referrals.open', defaultMessage: 'Open Referrals', description: 'Button: the referrals screen.' },
  refer: { id: 'dashboard.referrals.refer', defaultMessage: 'Refer a client', description: 'Button: a new referral.' },
  loading: { id: 'dashboard.referrals.loading', defaultMessage: 'Loading referrals...', description: 'While the referrals load.' },
});
const mv = defineMessages<{ waiting: { count: number }; summary: { ageGroup: string; concerns: string }; region: { hidden: MessageTag; region: string }; from: { name: string; time: MessageTag; ago: string } }>({
  waiting: {
    id: 'dashboard.referrals.waiting',
    defaultMessage: '{count, plural, =0 {No referrals waiting for your answer.} one {# referral waiting for your answer.} other {# referrals waiting for your answer.}}',
    description: 'How many referrals received wait for the member\'s answer.',
  },
  summary: { id: 'dashboard.referrals.summary', defaultMessage: '{ageGroup} · {concerns}', description: 'A referral in the list: the client\'s age group, then the concerns (a list, already joined).' },
  region: { id: 'dashboard.referrals.region', defaultMessage: '<hidden> in {region}</hidden>', description: 'After a referral\'s summary, read by screen readers only: where the client is.' },
  from: { id: 'dashboard.referrals.from', defaultMessage: 'From {name} · <time>{ago}</time>', description: 'Under a referral: who sent it and how long ago.' },
});

/** Open referrals received: how many, the newest few, and the way to the referral screens. */
export function ReferralsCard() {
  const intl = useIntl();
  const timeAgo = useTimeAgo();
  const labels = useOptionLabels();
  const counts = useReferralCounts();
  const latest = useLatestReceived(LATEST);
  const open = counts.data?.receivedOpen ?? 0;
  return (
    <DashboardCard title={intl.formatMessage(m.title)} id="card-referrals" footer={
      <>
        <Button component={Link} to="/referrals">{intl.formatMessage(m.open)}</Button>
        <Button component={Link} to="/referrals/new" variant="light">{intl.formatMessage(m.refer)}</Button>
      </>
    }>
      {counts.isPending || latest.isPending ? <PageLoader label={intl.formatMessage(m.loading)} /> : (
        <Stack gap="xs">
          <Text>{intl.formatMessage(mv.waiting, { count: open })}</Text>
          {(latest.data?.length ?? 0) > 0 && (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {latest.data?.map((r) => (
                <li key={r._id}>
                  <Anchor component={Link} to={`/referrals/${r._id}`} fw={600} size="sm">
                    {intl.formatMessage(mv.summary, { ageGroup: labels.ageGroup(r.ageGroup), concerns: intl.formatList(r.concerns.map(labels.specialty), { type: 'unit' }) })}
                    <FormattedMessage {...mv.region} values={{ hidden: (chunks) => <VisuallyHidden>{chunks}</VisuallyHidden>, region: labels.region(r.region) }} />
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    <FormattedMessage {...mv.from} values={{
                      name: r.sender.name, ago: timeAgo(r.createdAt), time: (chunks) => <time dateTime={r.createdAt}>{chunks}</time>,
                    }} />
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </DashboardCard>
  );
}
