import { Alert, Anchor, Box, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import { useOptionLabels } from '../../lib/option-labels.ts';
import { Link, useParams } from 'react-router';
import type { Referral } from '../../../common/referrals.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { hasCode } from '../../lib/api.ts';
import { useReadAbout } from '../../lib/readAbout.ts';
import { timeAgo } from '../../lib/time.ts';
import { useReferral } from './api.ts';
import { Offers, RespondForm, SenderActions } from './components/Actions.tsx';
import { formatDay, needsLine } from './components/labels.ts';
import { Documents, sharesDocuments } from './components/Documents.tsx';
import { NeedsSummary } from './components/NeedsSummary.tsx';
import { People } from './components/People.tsx';
import { Outcome } from './components/Outcome.tsx';
import { StatusBadge, UrgencyBadge } from './components/StatusBadge.tsx';
import { useScreen } from '../../lib/useScreen.ts';

const m = withValues(defineMessages({
  back: { id: 'referrals.one.back', defaultMessage: 'Back to referrals', description: 'Link back to the referrals list.' },
  loading: { id: 'referrals.one.loading', defaultMessage: 'Loading referral...', description: 'While a referral loads.' },
  notFound: { id: 'referrals.one.notFound', defaultMessage: 'Referral not found.', description: 'Title shown when the referral does not exist or is not visible to the member.' },
  notFoundHelp: { id: 'referrals.one.notFoundHelp', defaultMessage: 'It may have been withdrawn, or the link is incorrect.', description: 'Under "Referral not found.".' },
  openUntil: { id: 'referrals.one.openUntil', defaultMessage: 'Open until {date}.', description: 'Where an open referral stands: it closes after {date}, written out.' },
  placed: { id: 'referrals.one.placed', defaultMessage: 'The client has been placed.', description: 'Where a placed referral stands.' },
  senderClosed: { id: 'referrals.one.senderAccountClosed', defaultMessage: 'The referring therapist\'s account was closed.', description: 'To a recipient: the referral closed because its sender deleted their account.' },
  youWithdrew: { id: 'referrals.one.youWithdrew', defaultMessage: 'You withdrew this request.', description: 'To the sender: they withdrew the referral.' },
  theyWithdrew: { id: 'referrals.one.theyWithdrew', defaultMessage: 'The referring therapist withdrew this request.', description: 'To a recipient: the sender withdrew the referral.' },
  expired: { id: 'referrals.one.expired', defaultMessage: 'This request expired without a placement.', description: 'Where an expired referral stands.' },
  screenTitle: { id: 'referrals.one.screenTitle', defaultMessage: 'Referral: {needs}', description: 'Browser tab title of a referral; {needs} is the referral in one line (age group · concerns · formats · region).' },
  youSent: { id: 'referrals.one.youSent', defaultMessage: 'You sent this <time>{ago}</time>', description: 'To the sender: when they sent the referral; {ago} is a relative time such as "5m ago".' },
  from: { id: 'referrals.one.from', defaultMessage: 'From {name} <time>{ago}</time>', description: 'To a recipient: who sent the referral and when; {ago} is a relative time such as "5m ago".' },
  byline: { id: 'referrals.one.byline', defaultMessage: '{who}{board}. {standing}', description: 'Under the referral\'s title: {who} says who sent it and when, {board} is " · also on the board" or nothing, {standing} is its status ("Open until ...").' },
  alsoOnBoard: { id: 'referrals.one.alsoOnBoard', defaultMessage: ' · also on the board', description: 'Follows who sent the referral and when (keep the leading separator): it is also posted to the board.' },
  needsTitle: { id: 'referrals.one.needsTitle', defaultMessage: 'What the client needs', description: 'Heading of the referral\'s needs.' },
  practices: { id: 'referrals.one.practices', defaultMessage: 'Practices', description: 'Heading of the practices (group clinics) the referral was sent to, as the sender sees them.' },
  assignedTo: { id: 'referrals.one.practiceAssigned', defaultMessage: 'Assigned to {clinician} at {practice}', description: 'A practice assigned the referral to one of its clinicians.' },
  practiceNoCapacity: { id: 'referrals.one.practiceNoCapacity', defaultMessage: '{practice} has no capacity', description: 'A practice answered that it has no room for the client.' },
  practiceWaiting: { id: 'referrals.one.practiceWaiting', defaultMessage: 'Waiting for {practice}\'s intake', description: 'A practice\'s intake has not handled the referral yet.' },
}));

/** /referrals/{id}: the needs, the people and their answers, and what the viewer may do now. */
export default function ReferralPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const referral = useReferral(id);
  // Its notifications are seen now, here and on the member's other devices.
  useReadAbout(referral.data ? { kind: 'referral', id: referral.data._id } : null);
  return (
    <Container size="lg" px={0}>
      <Anchor component={Link} to="/referrals" size="sm">{intl.formatMessage(m.back)}</Anchor>
      {referral.isPending && <PageLoader label={intl.formatMessage(m.loading)} />}
      {referral.isError && (hasCode(referral.error, 'NOT_FOUND')
        ? <Alert color="gray" title={intl.formatMessage(m.notFound)} mt="md">{intl.formatMessage(m.notFoundHelp)}</Alert>
        : <Alert color="red" role="alert" mt="md">{referral.error.message}</Alert>)}
      {referral.data && <ReferralView referral={referral.data} />}
    </Container>
  );
}

/** Where the referral stands, in a sentence. */
function standing(intl: IntlShape, r: Referral): string {
  if (r.status === 'open') return intl.formatMessage(m.openUntil, { date: formatDay(intl, r.neededBy || r.expiresAt.slice(0, 10)) });
  if (r.status === 'placed') return intl.formatMessage(m.placed);
  // Deleting an account withdraws what was still open: the recipient is told why, not that it was withdrawn.
  if (r.status === 'withdrawn' && r.viewerRole === 'recipient' && r.senderAccountClosed) return intl.formatMessage(m.senderClosed);
  if (r.status === 'withdrawn') return intl.formatMessage(r.viewerRole === 'sender' ? m.youWithdrew : m.theyWithdrew);
  return intl.formatMessage(m.expired);
}

function ReferralView({ referral: r }: { referral: Referral }) {
  const intl = useIntl();
  const labels = useOptionLabels();
  const heading = useScreen(intl.formatMessage(m.screenTitle, { needs: needsLine(r, labels) }));
  const mine = r.viewerRole === 'recipient' ? r.recipients[0] : undefined;
  const open = r.status === 'open';
  const time = (chunks: ReactNode[]) => <time dateTime={r.createdAt}>{chunks}</time>;
  return (
    <Stack gap="md" mt="sm">
      <div>
        <Group gap="xs" align="center">
          <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>{needsLine(r, labels)}</Title>
          <StatusBadge status={r.status} />
          <UrgencyBadge urgency={r.urgency} />
        </Group>
        <Text c="dimmed" size="sm">
          <FormattedMessage {...m.byline} values={{
            who: r.viewerRole === 'sender'
              ? <FormattedMessage {...m.youSent} values={{ ago: timeAgo(intl, r.createdAt), time }} />
              : <FormattedMessage {...m.from} values={{ name: r.sender.name, ago: timeAgo(intl, r.createdAt), time }} />,
            board: r.toBoard ? intl.formatMessage(m.alsoOnBoard) : '',
            standing: standing(intl, r),
          }} />
        </Text>
      </div>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="needs-title">
            <Title order={2} size="h4" id="needs-title" mb="sm">{intl.formatMessage(m.needsTitle)}</Title>
            <NeedsSummary needs={r} />
          </Paper>
          {sharesDocuments(r) && <Box mt="md"><Documents referral={r} /></Box>}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {mine && open && mine.response === 'pending' && <RespondForm referral={r} />}
            {r.viewerRole === 'sender' && open && <SenderActions referral={r} />}
            <Outcome referral={r} />
            {r.viewerRole === 'sender' && Boolean(r.practices?.length) && <PracticeStates referral={r} />}
            <People referral={r} />
            {r.viewerRole === 'sender' && <Offers referral={r} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The sender's view of the practices the referral went to: "Assigned to Dr X at Harbour Therapy". */
function PracticeStates({ referral: r }: { referral: Referral }) {
  const intl = useIntl();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="practices-title">
      <Title order={2} size="h4" id="practices-title" mb="xs">{intl.formatMessage(m.practices)}</Title>
      {r.practices?.map((p) => (
        <Text key={p._id} size="sm">
          {p.state === 'assigned' && p.assignedTo ? intl.formatMessage(m.assignedTo, { clinician: p.assignedTo.name, practice: p.name })
            : intl.formatMessage(p.state === 'no capacity' ? m.practiceNoCapacity : m.practiceWaiting, { practice: p.name })}
        </Text>
      ))}
    </Paper>
  );
}
