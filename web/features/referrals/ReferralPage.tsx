import { Alert, Anchor, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Referral } from '../../../common/referrals.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { hasCode } from '../../lib/api.ts';
import { useReadAbout } from '../../lib/readAbout.ts';
import { timeAgo } from '../../lib/time.ts';
import { useReferral } from './api.ts';
import { Offers, RespondForm, SenderActions } from './components/Actions.tsx';
import { formatDay, needsLine } from './components/labels.ts';
import { NeedsSummary } from './components/NeedsSummary.tsx';
import { People } from './components/People.tsx';
import { StatusBadge, UrgencyBadge } from './components/StatusBadge.tsx';
import { useScreen } from './useScreen.ts';

/** /referrals/{id}: the needs, the people and their answers, and what the viewer may do now. */
export default function ReferralPage() {
  const { id = '' } = useParams();
  const referral = useReferral(id);
  // Its notifications are seen now, here and on the member's other devices.
  useReadAbout(referral.data ? { kind: 'referral', id: referral.data._id } : null);
  return (
    <Container size="lg" px={0}>
      <Anchor component={Link} to="/referrals" size="sm">Back to referrals</Anchor>
      {referral.isPending && <PageLoader label="Loading referral..." />}
      {referral.isError && (hasCode(referral.error, 'NOT_FOUND')
        ? <Alert color="gray" title="Referral not found." mt="md">It may have been withdrawn, or the link is incorrect.</Alert>
        : <Alert color="red" role="alert" mt="md">{referral.error.message}</Alert>)}
      {referral.data && <ReferralView referral={referral.data} />}
    </Container>
  );
}

/** Where the referral stands, in a sentence. */
function standing(r: Referral): string {
  if (r.status === 'open') return r.neededBy ? `Open until ${formatDay(r.neededBy)}.` : `Open until ${formatDay(r.expiresAt.slice(0, 10))}.`;
  if (r.status === 'placed') return 'The client has been placed.';
  // Deleting an account withdraws what was still open: the recipient is told why, not that it was withdrawn.
  if (r.status === 'withdrawn' && r.viewerRole === 'recipient' && r.senderAccountClosed) return "The referring therapist's account was closed.";
  if (r.status === 'withdrawn') return r.viewerRole === 'sender' ? 'You withdrew this request.' : 'The referring therapist withdrew this request.';
  return 'This request expired without a placement.';
}

function ReferralView({ referral: r }: { referral: Referral }) {
  const heading = useScreen(`Referral: ${needsLine(r)}`);
  const mine = r.viewerRole === 'recipient' ? r.recipients[0] : undefined;
  const open = r.status === 'open';
  return (
    <Stack gap="md" mt="sm">
      <div>
        <Group gap="xs" align="center">
          <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>{needsLine(r)}</Title>
          <StatusBadge status={r.status} />
          <UrgencyBadge urgency={r.urgency} />
        </Group>
        <Text c="dimmed" size="sm">
          {r.viewerRole === 'sender' ? 'You sent this' : `From ${r.sender.name}`} <time dateTime={r.createdAt}>{timeAgo(r.createdAt)}</time>
          {r.toBoard ? ' · also on the board' : ''}. {standing(r)}
        </Text>
      </div>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="needs-title">
            <Title order={2} size="h4" id="needs-title" mb="sm">What the client needs</Title>
            <NeedsSummary needs={r} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {mine && open && mine.response === 'pending' && <RespondForm referral={r} />}
            {r.viewerRole === 'sender' && open && <SenderActions referral={r} />}
            <People referral={r} />
            {r.viewerRole === 'sender' && <Offers referral={r} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
