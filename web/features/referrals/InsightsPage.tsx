import { Alert, Anchor, Container, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import { Link } from 'react-router';
import type { InsightsColleague, MyInsights } from '../../../common/referral-insights.ts';
import type { MyResponsiveness } from '../../../common/referral-outcomes.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ReferralCharts } from '../../components/ReferralCharts.tsx';
import { api, query } from '../../lib/api.ts';
import { respondsTo, respondsWithin } from '../../lib/referral-texts.ts';
import { REFERRALS_KEY } from '../../lib/referrals.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { DASH, DOT } from '../../lib/punctuation.ts';

const m = withValues(defineMessages({
  title: { id: 'referrals.insights.title', defaultMessage: 'Referral insights', description: 'Title of the member\'s referral figures and charts (and of the browser tab).' },
  back: { id: 'referrals.insights.back', defaultMessage: 'Back to referrals', description: 'Link back to the referrals list.' },
  intro: { id: 'referrals.insights.intro', defaultMessage: 'Your referrals over time. Outcomes are counted here and never shown to anyone one by one.', description: 'Under the insights title.' },
  from: { id: 'referrals.insights.from', defaultMessage: 'From', description: 'Label of the first day of the period shown.' },
  to: { id: 'referrals.insights.to', defaultMessage: 'To', description: 'Label of the last day of the period shown.' },
  loading: { id: 'referrals.insights.loading', defaultMessage: 'Loading insights...', description: 'While the insights load.' },
  hours: { id: 'referrals.insights.hours', defaultMessage: '{hours, plural, one {# hour} other {# hours}}', description: 'A median time under two days, in whole hours.' },
  days: { id: 'referrals.insights.days', defaultMessage: '{days, plural, one {# day} other {# days}}', description: 'A median time of two days or more, in whole days.' },
  sent: { id: 'referrals.insights.sent', defaultMessage: 'Sent', description: 'A total: referrals the member sent in the period.' },
  received: { id: 'referrals.insights.received', defaultMessage: 'Received', description: 'A total: referrals the member received in the period.' },
  acceptedSent: { id: 'referrals.insights.acceptedByColleagues', defaultMessage: 'Accepted by colleagues', description: 'A total: the member\'s referrals that colleagues accepted.' },
  acceptedReceived: { id: 'referrals.insights.acceptedByMe', defaultMessage: 'Accepted by me', description: 'A total: referrals the member received and accepted.' },
  placed: { id: 'referrals.insights.placed', defaultMessage: 'Placed', description: 'A total: the member\'s referrals whose client was placed.' },
  median: { id: 'referrals.insights.medianToPlacement', defaultMessage: 'Median time to placement', description: 'A total: the median time from sending a referral to its placement.' },
  referredTo: { id: 'referrals.insights.referredTo', defaultMessage: 'Colleagues I refer to most', description: 'Heading of the colleagues the member sends most referrals to.' },
  receivedFrom: { id: 'referrals.insights.receivedFrom', defaultMessage: 'Colleagues who refer to me most', description: 'Heading of the colleagues who send the member most referrals.' },
  noOne: { id: 'referrals.insights.noOne', defaultMessage: 'No one yet in this period.', description: 'No colleague in the list for the period shown.' },
  howQuickly: { id: 'referrals.insights.howQuickly', defaultMessage: 'How quickly you respond', description: 'Heading of the member\'s own responsiveness figures.' },
  notYet: { id: 'referrals.insights.notYet', defaultMessage: 'Colleagues see this once {threshold} referrals count; {counted, plural, one {# counts} other {# count}} so far.', description: 'Below the threshold, the figures are not shown to colleagues; {counted} referrals count so far.' },
  colleaguesSee: { id: 'referrals.insights.colleaguesSee', defaultMessage: 'Colleagues see: {line}.', description: 'What colleagues read about the member, e.g. "Usually responds within 4 hours · Responds to most referrals".' },
  answered: { id: 'referrals.insights.answered', defaultMessage: 'You answered {answered, number} of {counted, number} ({rate, number, ::percent})', description: 'How many of the counted referrals the member answered, and the share.' },
  summary: { id: 'referrals.insights.summary', defaultMessage: '{colleaguesSee} {answered}{inMedian}.', description: 'Joins the responsiveness sentences: {colleaguesSee} is "Colleagues see: ...", then "You answered ..." and its optional ", in a median of ... hours".' },
  inMedian: { id: 'referrals.insights.inMedian', defaultMessage: ', in a median of {hours, number} hours', description: 'Follows the "You answered" sentence (keep the leading comma): the median hours to answer (may have a decimal).' },
  method: { id: 'referrals.insights.method', defaultMessage: 'Worked out every hour over the referrals you received in the last {days, number} days. A referral counts once you answered it (accepted, declined, no capacity, or an offer on the board) or it expired unanswered; one the sender placed or withdrew first does not count. The time is from receiving it to your first answer.', description: 'How the responsiveness figures are worked out; {days} is the window in days.' },
}));

/** "15 hours", "3 days". */
const hoursText = (intl: IntlShape, h: number) =>
  (h < 48 ? intl.formatMessage(m.hours, { hours: Math.round(h) }) : intl.formatMessage(m.days, { days: Math.round(h / 24) }));

/** The totals, each with a stable test id (from its English name, whatever the language shown). */
const TOTALS: [string, MessageDescriptor, (d: MyInsights) => number | null][] = [
  ['sent', m.sent, (d) => d.totals.sent],
  ['received', m.received, (d) => d.totals.received],
  ['accepted-by-colleagues', m.acceptedSent, (d) => d.totals.acceptedSent],
  ['accepted-by-me', m.acceptedReceived, (d) => d.totals.acceptedReceived],
  ['placed', m.placed, (d) => d.totals.placed],
  ['median-time-to-placement', m.median, (d) => d.totals.medianHoursToPlacement],
];

/** /referrals/insights: my referrals over time, as charts with tables and CSV, my colleagues and my responsiveness. */
export default function InsightsPage() {
  const intl = useIntl();
  const heading = useScreen(intl.formatMessage(m.title));
  const [range, setRange] = useState({ from: '', to: '' });
  const insights = useQuery({
    queryKey: [...REFERRALS_KEY, 'insights', range],
    queryFn: ({ signal }) => api<MyInsights>(`/api/referrals/insights${query({ from: range.from || null, to: range.to || null })}`, { signal }),
  });
  const d = insights.data;
  return (
    <Container size="lg" px={0}>
      <Anchor component={Link} to="/referrals" size="sm">{intl.formatMessage(m.back)}</Anchor>
      <Title order={1} ref={heading} tabIndex={-1} mt="xs">{intl.formatMessage(m.title)}</Title>
      <Text c="dimmed" mb="md">{intl.formatMessage(m.intro)}</Text>
      <Group gap="sm" mb="md" align="end">
        <TextInput type="date" label={intl.formatMessage(m.from)} value={range.from} onChange={(e) => setRange({ ...range, from: e.currentTarget.value })} />
        <TextInput type="date" label={intl.formatMessage(m.to)} value={range.to} onChange={(e) => setRange({ ...range, to: e.currentTarget.value })} />
      </Group>
      {insights.isPending && <PageLoader label={intl.formatMessage(m.loading)} />}
      {insights.isError && <Alert color="red" role="alert">{insights.error.message}</Alert>}
      {d && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
            {TOTALS.map(([key, label, valueOf]) => {
              const value = valueOf(d);
              return (
                <Paper key={key} withBorder radius="md" p="sm">
                  <Text size="xs" c="dimmed">{intl.formatMessage(label)}</Text>
                  <Text fw={700} size="lg" data-testid={`total-${key}`}>
                    {value === null ? DASH : key === 'median-time-to-placement' ? hoursText(intl, value) : intl.formatNumber(value)}
                  </Text>
                </Paper>
              );
            })}
          </SimpleGrid>
          <ReferralCharts months={d.months} outcomes={sumOutcomes(d)} prefix="my-referrals" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Colleagues title={intl.formatMessage(m.referredTo)} people={d.referredTo} />
            <Colleagues title={intl.formatMessage(m.receivedFrom)} people={d.receivedFrom} />
          </SimpleGrid>
          <Responsiveness figures={d.responsiveness} />
        </Stack>
      )}
    </Container>
  );
}

const sumOutcomes = (d: MyInsights) => Object.fromEntries(Object.entries(d.outcomesSent)
  .map(([k, v]) => [k, v + d.outcomesReceived[k as keyof typeof d.outcomesReceived]])) as MyInsights['outcomesSent'];

function Colleagues({ title, people }: { title: string; people: InsightsColleague[] }) {
  const intl = useIntl();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">{title}</Title>
      {people.length === 0 ? <Text c="dimmed" size="sm">{intl.formatMessage(m.noOne)}</Text> : (
        <List spacing={4}>
          {people.map((p) => (
            <List.Item key={p._id}><Anchor component={Link} to={`/profile/${p._id}`}>{p.name}</Anchor>{DOT}{intl.formatNumber(p.count)}</List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** My own figures, and how they are worked out. */
function Responsiveness({ figures: f }: { figures: MyResponsiveness }) {
  const intl = useIntl();
  const line = [respondsWithin(intl, f.medianResponseHours), respondsTo(intl, f.responseRate)].filter(Boolean).join(' · ');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="responsiveness-title">
      <Title order={2} size="h4" id="responsiveness-title" mb="xs">{intl.formatMessage(m.howQuickly)}</Title>
      {f.responseRate === null
        ? <Text size="sm">{intl.formatMessage(m.notYet, { threshold: f.threshold, counted: f.counted })}</Text>
        : (
          <Text size="sm">
            {intl.formatMessage(m.summary, {
              colleaguesSee: intl.formatMessage(m.colleaguesSee, { line }),
              answered: intl.formatMessage(m.answered, { answered: f.answered, counted: f.counted, rate: f.responseRate }),
              inMedian: f.medianResponseHours === null ? '' : intl.formatMessage(m.inMedian, { hours: f.medianResponseHours }),
            })}
          </Text>
        )}
      <Text size="xs" c="dimmed" mt="xs">{intl.formatMessage(m.method, { days: f.windowDays })}</Text>
    </Paper>
  );
}
