import { Anchor, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { regionName } from '../../../common/regions.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useLatestReceived, useReferralCounts } from '../../lib/referrals.ts';
import { timeAgo } from '../../lib/time.ts';
import { DashboardCard } from './DashboardCard.tsx';

const LATEST = 3;

/** Open referrals received: how many, the newest few, and the way to the referral screens. */
export function ReferralsCard() {
  const counts = useReferralCounts();
  const latest = useLatestReceived(LATEST);
  const open = counts.data?.receivedOpen ?? 0;
  return (
    <DashboardCard title="Referrals" footer={
      <>
        <Button component={Link} to="/referrals">Open Referrals</Button>
        <Button component={Link} to="/referrals/new" variant="light">Refer a client</Button>
      </>
    }>
      {counts.isPending || latest.isPending ? <PageLoader label="Loading referrals..." /> : (
        <Stack gap="xs">
          <Text>{open === 0 ? 'No referrals waiting for your answer.' : `${open} ${open === 1 ? 'referral' : 'referrals'} waiting for your answer.`}</Text>
          {(latest.data?.length ?? 0) > 0 && (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {latest.data?.map((r) => (
                <li key={r._id}>
                  <Anchor component={Link} to={`/referrals/${r._id}`} fw={600} size="sm">
                    {r.ageGroup} · {r.concerns.join(', ')}<VisuallyHidden> in {regionName(r.region)}</VisuallyHidden>
                  </Anchor>
                  <Text size="xs" c="dimmed">From {r.sender.name} · <time dateTime={r.createdAt}>{timeAgo(r.createdAt)}</time></Text>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </DashboardCard>
  );
}
