import { BarChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../lib/messages.ts';
import type { InsightsMonth, OutcomeCounts } from '../../common/referral-insights.ts';
import { REFERRAL_OUTCOMES } from '../../common/referral-outcomes.ts';
import { OUTCOME_MESSAGES } from '../lib/referral-texts.ts';
import { ChartPanel } from './ChartPanel.tsx';

const m = withValues(defineMessages({
  month: { id: 'components.referralCharts.month', defaultMessage: 'Month', description: 'Column heading of the referrals-per-month table: the month.' },
  sent: { id: 'components.referralCharts.sent', defaultMessage: 'Sent', description: 'Column heading and chart series: referrals sent in the month.' },
  received: { id: 'components.referralCharts.received', defaultMessage: 'Received', description: 'Column heading and chart series: referrals received in the month.' },
  accepted: { id: 'components.referralCharts.accepted', defaultMessage: 'Accepted', description: 'Column heading: referrals accepted in the month.' },
  placed: { id: 'components.referralCharts.placed', defaultMessage: 'Placed', description: 'Column heading and chart series: referrals whose client was placed in the month.' },
  perMonth: { id: 'components.referralCharts.perMonthTitle', defaultMessage: 'Referrals per month', description: 'Title of the chart of referrals per month.' },
  outcomes: { id: 'components.referralCharts.outcomesTitle', defaultMessage: 'Outcomes after the hand-off', description: 'Title of the chart counting what happened after referrals were accepted.' },
  outcome: { id: 'components.referralCharts.outcome', defaultMessage: 'Outcome', description: 'Column heading of the outcomes table: the outcome.' },
  referrals: { id: 'components.referralCharts.referrals', defaultMessage: 'Referrals', description: 'Column heading and chart series of the outcomes table: how many referrals had that outcome.' },
}));

/** Referrals per month, and outcomes: the member's insights and the administrators' figures draw the same charts. */
export function ReferralCharts({ months, outcomes, prefix }: { months: InsightsMonth[]; outcomes: OutcomeCounts; prefix: string }) {
  const intl = useIntl();
  const t = (key: keyof typeof m) => intl.formatMessage(m[key]);
  const monthColumns = [
    { key: 'month', label: t('month') }, { key: 'sent', label: t('sent') }, { key: 'received', label: t('received') },
    { key: 'accepted', label: t('accepted') }, { key: 'placed', label: t('placed') },
  ];
  const outcomeRows = REFERRAL_OUTCOMES.map((o) => ({ outcome: intl.formatMessage(OUTCOME_MESSAGES[o]), count: outcomes[o] }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartPanel title={t('perMonth')} columns={monthColumns} rows={months} fileName={`${prefix}-per-month.csv`}>
        <BarChart h={260} data={months} dataKey="month" withLegend
          series={[
            { name: 'sent', label: t('sent'), color: 'teal.6' }, { name: 'received', label: t('received'), color: 'blue.6' },
            { name: 'placed', label: t('placed'), color: 'grape.6' },
          ]} />
      </ChartPanel>
      <ChartPanel title={t('outcomes')} columns={[{ key: 'outcome', label: t('outcome') }, { key: 'count', label: t('referrals') }]}
        rows={outcomeRows} fileName={`${prefix}-outcomes.csv`}>
        <BarChart h={260} data={outcomeRows} dataKey="outcome" orientation="vertical" yAxisProps={{ width: 150 }}
          series={[{ name: 'count', label: t('referrals'), color: 'teal.6' }]} />
      </ChartPanel>
    </SimpleGrid>
  );
}
