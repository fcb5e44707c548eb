import { Alert, Container, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import type { PlatformInsights } from '../../../common/referral-insights.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ReferralCharts } from '../../components/ReferralCharts.tsx';
import { api } from '../../lib/api.ts';
import { withValues } from '../../lib/messages.ts';
import { AdminNav } from './AdminNav.tsx';
import { DASH } from '../../lib/punctuation.ts';

const m = withValues(defineMessages({
  title: { id: 'admin.referralFigures.title', defaultMessage: 'Referral figures', description: 'Title of the admin screen with the platform\'s referral counts.' },
  intro: { id: 'admin.referralFigures.intro', defaultMessage: 'Administrators see referral counts, not referrals.', description: 'Under the referral figures title: administrators never see a referral itself.' },
  loading: { id: 'admin.referralFigures.loading', defaultMessage: 'Loading figures...', description: 'While the figures load.' },
  sent: { id: 'admin.referralFigures.sent', defaultMessage: 'Sent', description: 'A total: referrals sent on the platform.' },
  asked: { id: 'admin.referralFigures.asked', defaultMessage: 'Recipients asked', description: 'A total: therapists referrals were sent to.' },
  accepted: { id: 'admin.referralFigures.accepted', defaultMessage: 'Accepted', description: 'A total: referrals accepted.' },
  placed: { id: 'admin.referralFigures.placed', defaultMessage: 'Placed', description: 'A total: referrals whose client was placed.' },
  median: { id: 'admin.referralFigures.medianHours', defaultMessage: 'Median hours to placement', description: 'A total: the median hours from sending to placement.' },
}));

/** /admin/referrals: the platform's referral totals and trends over twelve months; counts, never a referral. */
export default function ReferralFiguresPage() {
  const intl = useIntl();
  const figures = useQuery({
    queryKey: ['admin', 'referrals', 'insights'],
    queryFn: ({ signal }) => api<PlatformInsights>('/api/admin/referrals/insights', { signal }),
  });
  const d = figures.data;
  return (
    <Container size="lg" px={0}>
      <AdminNav />
      <Title order={1}>{intl.formatMessage(m.title)}</Title>
      <Text c="dimmed" mb="md">{intl.formatMessage(m.intro)}</Text>
      {figures.isPending && <PageLoader label={intl.formatMessage(m.loading)} />}
      {figures.isError && <Alert color="red" role="alert">{figures.error.message}</Alert>}
      {d && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" mb="md">
            {([[m.sent, d.totals.sent], [m.asked, d.totals.received], [m.accepted, d.totals.acceptedSent], [m.placed, d.totals.placed],
              [m.median, d.totals.medianHoursToPlacement]] as const).map(([label, value]) => (
              <Paper key={label.id} withBorder radius="md" p="sm">
                <Text size="xs" c="dimmed">{intl.formatMessage(label)}</Text>
                <Text fw={700} size="lg">{value === null ? DASH : intl.formatNumber(value)}</Text>
              </Paper>
            ))}
          </SimpleGrid>
          <ReferralCharts months={d.months} outcomes={d.outcomes} prefix="platform-referrals" />
        </>
      )}
    </Container>
  );
}
