import { Alert, Anchor, Avatar, Badge, Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import { Link, useParams } from 'react-router';
import type { Practice } from '../../../common/practices.ts';
import { useOptionLabels } from '../../lib/option-labels.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PracticeLogo } from '../../components/PracticeLogo.tsx';
import { hasCode } from '../../lib/api.ts';
import { usePractice } from './api.ts';
import { ROLE_MESSAGES } from './roles.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { DOT } from '../../lib/punctuation.ts';

const m = withValues(defineMessages({
  loading: { id: 'practices.page.loading', defaultMessage: 'Loading practice...', description: 'While a practice\'s page loads.' },
  notFound: { id: 'practices.page.notFound', defaultMessage: 'Practice not found.', description: 'Title shown when the practice does not exist.' },
  badLink: { id: 'practices.page.badLink', defaultMessage: 'The link may be incorrect.', description: 'Under "Practice not found.".' },
  accepting: { id: 'practices.page.accepting', defaultMessage: '{accepting, number} of {total, plural, one {# clinician} other {# clinicians}} accepting', description: 'How many of the practice\'s clinicians take new clients, of all of them.' },
  refer: { id: 'practices.page.refer', defaultMessage: 'Refer to this practice', description: 'Button: write a referral to the practice\'s intake.' },
  inbox: { id: 'practices.page.inbox', defaultMessage: 'Intake inbox', description: 'Button: open the referrals sent to the practice.' },
  settings: { id: 'practices.page.settings', defaultMessage: 'Practice settings', description: 'Button: open the practice\'s members and invitations.' },
  clinicians: { id: 'practices.page.clinicians', defaultMessage: 'Clinicians', description: 'Heading of the practice\'s members.' },
  acceptingClients: { id: 'practices.page.acceptingClients', defaultMessage: 'Accepting clients', description: 'Beside a member who takes new clients.' },
  waitlist: { id: 'practices.page.waitlist', defaultMessage: 'Waitlist', description: 'Beside a member whose new clients go on a waitlist.' },
  notAccepting: { id: 'practices.page.notAccepting', defaultMessage: 'Not accepting', description: 'Beside a member who takes no new clients.' },
}));

/** /practices/{slug}: the public page, with "Refer to this practice" and, for its members, the way to its inbox and settings. */
export default function PracticePage() {
  const intl = useIntl();
  const { slug = '' } = useParams();
  const practice = usePractice(slug);
  return (
    <Container size="md" px={0}>
      {practice.isPending && <PageLoader label={intl.formatMessage(m.loading)} />}
      {practice.isError && (hasCode(practice.error, 'NOT_FOUND')
        ? <Alert color="gray" title={intl.formatMessage(m.notFound)} mt="md">{intl.formatMessage(m.badLink)}</Alert>
        : <Alert color="red" role="alert" mt="md">{practice.error.message}</Alert>)}
      {practice.data && <PracticeView practice={practice.data} />}
    </Container>
  );
}

function PracticeView({ practice: p }: { practice: Practice }) {
  const intl = useIntl();
  const labels = useOptionLabels();
  const heading = useScreen(p.name);
  const inboxReader = p.myRole === 'owner' || p.myRole === 'admin' || p.myRole === 'intake';
  const manager = p.myRole === 'owner' || p.myRole === 'admin';
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        <PracticeLogo name={p.name} logo={p.logo} size="lg" />
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>{p.name}</Title>
          <Text c="dimmed" size="sm">{p.locations.map((l) => `${l.city}, ${labels.region(l.region)}`).join(' · ')}</Text>
        </div>
      </Group>
      <Text fw={600}>{intl.formatMessage(m.accepting, { accepting: p.acceptingCount, total: p.clinicianCount })}</Text>
      <Group gap="sm">
        {p.myRole === null && <Button component={Link} to={`/referrals/new?practice=${p._id}`}>{intl.formatMessage(m.refer)}</Button>}
        {inboxReader && <Button component={Link} to={`/practices/${p.slug}/inbox`} variant="light">{intl.formatMessage(m.inbox)}</Button>}
        {manager && <Button component={Link} to={`/practices/${p.slug}/settings`} variant="default">{intl.formatMessage(m.settings)}</Button>}
      </Group>
      {p.description && <Text style={{ whiteSpace: 'pre-line' }}>{p.description}</Text>}
      {(p.website || p.phone) && (
        <Text size="sm">
          {p.website && <Anchor href={p.website} target="_blank" rel="noopener noreferrer">{p.website}</Anchor>}
          {p.website && p.phone ? DOT : ''}{p.phone}
        </Text>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="clinicians-title">
        <Title order={2} size="h4" id="clinicians-title" mb="sm">{intl.formatMessage(m.clinicians)}</Title>
        <List listStyleType="none" spacing="sm">
          {p.members.map((mb) => (
            <List.Item key={mb._id}>
              <Group gap="sm" wrap="nowrap">
                <Avatar src={mb.avatar} alt="" radius="xl" size="sm">{mb.name.slice(0, 1)}</Avatar>
                <Anchor component={Link} to={`/profile/${mb._id}`}>{mb.name}</Anchor>
                <Badge variant="light" color="gray">{intl.formatMessage(ROLE_MESSAGES[mb.role])}</Badge>
                {mb.role !== 'intake' && (
                  <Text size="sm" c="dimmed">
                    {intl.formatMessage(mb.acceptingClients === 'accepting' ? m.acceptingClients : mb.acceptingClients === 'waitlist' ? m.waitlist : m.notAccepting)}
                  </Text>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}
