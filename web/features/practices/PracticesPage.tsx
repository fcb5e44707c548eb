import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import { Link } from 'react-router';
import { useSubmit } from '../../lib/useSubmit.ts';
import { useAnswerInvitation, useMyInvitations } from './api.ts';
import { useScreen } from '../../lib/useScreen.ts';

const m = withValues(defineMessages({
  title: { id: 'practices.list.title', defaultMessage: 'Practices', description: 'Title of the practices screen (and of the browser tab): group clinics the member belongs to or is invited to.' },
  failed: { id: 'practices.list.answerFailed', defaultMessage: 'Failed to answer the invitation.', description: 'The answer to an invitation could not be sent and the server gave no reason.' },
  create: { id: 'practices.list.create', defaultMessage: 'Create a practice', description: 'Button: create a new practice.' },
  invitations: { id: 'practices.list.invitations', defaultMessage: 'Invitations', description: 'Heading of the invitations to join practices.' },
  none: { id: 'practices.list.noInvitations', defaultMessage: 'No invitations waiting.', description: 'No invitation waits for the member\'s answer.' },
  invites: { id: 'practices.list.invites', defaultMessage: '<link>{practice}</link> invites you as {role, select, owner {owner} admin {admin} clinician {clinician} intake {intake} other {{role}}}.', description: 'An invitation: the practice (a link) and the role offered (lower case).' },
  invitesFrom: { id: 'practices.list.invitesFrom', defaultMessage: '<link>{practice}</link> invites you as {role, select, owner {owner} admin {admin} clinician {clinician} intake {intake} other {{role}}} (from {invitedBy}).', description: 'An invitation: the practice (a link), the role offered (lower case), and the member who sent it.' },
  accept: { id: 'practices.list.accept', defaultMessage: 'Accept invitation to {practice}', description: 'Button: accept the invitation to join the practice.' },
  decline: { id: 'practices.list.decline', defaultMessage: 'Decline', description: 'Button: decline the invitation.' },
}));

/** /practices: the invitations waiting for the member's answer, and creating a practice. */
export default function PracticesPage() {
  const intl = useIntl();
  const heading = useScreen(intl.formatMessage(m.title));
  const invitations = useMyInvitations();
  const answer = useAnswerInvitation();
  const { busy, message, submit } = useSubmit(intl.formatMessage(m.failed));
  return (
    <Container size="md" px={0}>
      <Group justify="space-between" mb="md">
        <Title order={1} ref={heading} tabIndex={-1}>{intl.formatMessage(m.title)}</Title>
        <Button component={Link} to="/practices/new">{intl.formatMessage(m.create)}</Button>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invitations-title">
        <Title order={2} size="h4" id="invitations-title" mb="sm">{intl.formatMessage(m.invitations)}</Title>
        {invitations.isSuccess && !invitations.data.length && <Text c="dimmed">{intl.formatMessage(m.none)}</Text>}
        <Stack gap="sm">
          {invitations.data?.map((i) => (
            <Group key={i._id} justify="space-between" gap="xs">
              <Text>
                <FormattedMessage {...(i.invitedBy ? m.invitesFrom : m.invites)} values={{
                  practice: i.practice.name, role: i.role, invitedBy: i.invitedBy?.name,
                  link: (chunks) => <Anchor component={Link} to={`/practices/${i.practice.slug}`}>{chunks}</Anchor>,
                }} />
              </Text>
              <Group gap="xs">
                <Button size="xs" disabled={busy} onClick={submit(async () => { await answer.mutateAsync({ practiceId: i.practice._id, invitationId: i._id, accept: true }); })}>
                  {intl.formatMessage(m.accept, { practice: i.practice.name })}
                </Button>
                <Button size="xs" variant="default" disabled={busy} onClick={submit(async () => { await answer.mutateAsync({ practiceId: i.practice._id, invitationId: i._id, accept: false }); })}>
                  {intl.formatMessage(m.decline)}
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
        {message && <Alert color="red" role="alert" mt="sm">{message}</Alert>}
      </Paper>
    </Container>
  );
}
