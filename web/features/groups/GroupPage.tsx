import { Alert, Anchor, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { GroupDetail } from '../../../common/groups.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { hasCode } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { withValues } from '../../lib/messages.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { groupCalls, useGroup, useGroupWrite } from './api.ts';
import { AttendancePanel } from './AttendancePanel.tsx';
import { Cases } from './Cases.tsx';
import { Roster } from './Roster.tsx';
import { groupWords, useMeetingTime } from './words.ts';

const m = withValues(defineMessages({
  loading: { id: 'groups.page.loading', defaultMessage: 'Loading group...', description: 'While a group\'s page loads' },
  notFound: { id: 'groups.page.notFound', defaultMessage: 'Group not found.', description: 'Title shown when the group does not exist (or is not shown to the member)' },
  notFoundWhy: { id: 'groups.page.notFoundWhy', defaultMessage: 'It may have been deleted, or the link is incorrect.', description: 'Under "Group not found."' },
  listed: { id: 'groups.page.listed', defaultMessage: 'Listed', description: 'Badge: the group shows in "Find a group"' },
  private: { id: 'groups.page.private', defaultMessage: 'Private', description: 'Badge: members join only by invitation' },
  conversation: { id: 'groups.page.conversation', defaultMessage: 'Open the group\'s conversation', description: 'Link to the group\'s conversation in the messaging screen' },
  cancelTitle: { id: 'groups.page.cancelTitle', defaultMessage: 'Cancel meeting', description: 'Title and confirm button of the confirmation before cancelling the next meeting' },
  cancelQuestion: { id: 'groups.page.cancelQuestion', defaultMessage: 'Cancel the meeting on {time}? Members will see it as cancelled.', description: 'Confirmation before cancelling a meeting; {time} is its weekday, date and time' },
  nextMeeting: { id: 'groups.page.nextMeeting', defaultMessage: 'Next meeting', description: 'Heading of the group\'s next meeting' },
  join: { id: 'groups.page.join', defaultMessage: 'Join meeting', description: 'Button: open the video meeting link' },
  calendar: { id: 'groups.page.calendar', defaultMessage: 'Add to calendar', description: 'Button: download the next meeting as a calendar file (.ics)' },
  cancel: { id: 'groups.page.cancel', defaultMessage: 'Cancel this meeting', description: 'Facilitator\'s button: cancel the next meeting' },
  noMeeting: { id: 'groups.page.noMeeting', defaultMessage: 'No meeting scheduled.', description: 'The group has no upcoming meeting' },
  requested: { id: 'groups.page.requested', defaultMessage: 'Your request to join is waiting for the facilitator.', description: 'The member asked to join and waits for an answer' },
  invited: {
    id: 'groups.page.invited', defaultMessage: 'You are invited to this group: answer the invitation on <link>Groups</link>.',
    description: 'The member is invited; the link leads to /groups where invitations are answered',
  },
}));

/** /groups/{id}: the next meeting, cases, roster and attendance for members; the public card for others. */
export default function GroupPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const group = useGroup(id);
  return (
    <Container size="lg" px={0}>
      <Anchor component={Link} to="/groups" size="sm">{intl.formatMessage(groupWords.back)}</Anchor>
      {group.isPending && <PageLoader label={intl.formatMessage(m.loading)} />}
      {group.isError && (hasCode(group.error, 'NOT_FOUND')
        ? <Alert color="gray" title={intl.formatMessage(m.notFound)} mt="md">{intl.formatMessage(m.notFoundWhy)}</Alert>
        : <Alert color="red" role="alert" mt="md">{group.error.message}</Alert>)}
      {group.data && <GroupView group={group.data} />}
    </Container>
  );
}

function GroupView({ group: g }: { group: GroupDetail }) {
  const intl = useIntl();
  const heading = useScreen(g.name);
  const member = g.myRole === 'facilitator' || g.myRole === 'member';
  return (
    <Stack gap="md" mt="sm">
      <div>
        <Group gap="xs">
          <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>{g.name}</Title>
          <Badge variant="light">{intl.formatMessage(g.visibility === 'listed' ? m.listed : m.private)}</Badge>
        </Group>
        <Text c="dimmed" size="sm">{intl.formatMessage(groupWords.summary, { name: g.facilitator.name, count: g.membersCount, max: g.maxMembers })}</Text>
        {g.description && <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>{g.description}</Text>}
      </div>
      <NextMeeting group={g} />
      {member ? (
        <>
          {g.conversationId && <Anchor component={Link} to={`/chat/${g.conversationId}`}>{intl.formatMessage(m.conversation)}</Anchor>}
          <Cases group={g} />
          <Roster group={g} />
          <AttendancePanel group={g} />
        </>
      ) : <Joining group={g} />}
    </Stack>
  );
}

function NextMeeting({ group: g }: { group: GroupDetail }) {
  const intl = useIntl();
  const meetingTime = useMeetingTime(g.schedule.timeZone);
  const confirm = useConfirm();
  const cancel = useGroupWrite(groupCalls.cancelMeeting);
  const [failed, setFailed] = useState<string | null>(null);
  const next = g.nextMeeting;
  const addToCalendar = () => next && downloadFile(`/api/groups/${g._id}/meetings/${next._id}/ics`, 'meeting.ics').catch((e: Error) => setFailed(e.message));
  const cancelMeeting = async () => {
    if (!next) return;
    const title = intl.formatMessage(m.cancelTitle);
    const yes = await confirm({ title, message: intl.formatMessage(m.cancelQuestion, { time: meetingTime(next.startsAt) }), confirmLabel: title });
    if (yes) cancel.mutate({ id: g._id, meetingId: next._id });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="next-meeting">
      <Title order={2} size="h3" id="next-meeting">{intl.formatMessage(m.nextMeeting)}</Title>
      {next ? (
        <Stack gap="xs" mt={4}>
          <Text><time dateTime={next.startsAt}>{meetingTime(next.startsAt)}</time></Text>
          <Group gap="xs">
            {g.meetingLink && <Button component="a" href={g.meetingLink} target="_blank" rel="noreferrer" size="xs">{intl.formatMessage(m.join)}</Button>}
            {g.members && <Button size="xs" variant="default" onClick={() => void addToCalendar()}>{intl.formatMessage(m.calendar)}</Button>}
            {g.myRole === 'facilitator' && <Button size="xs" variant="subtle" color="red" onClick={() => void cancelMeeting()}>{intl.formatMessage(m.cancel)}</Button>}
          </Group>
        </Stack>
      ) : <Text c="dimmed" mt={4}>{intl.formatMessage(m.noMeeting)}</Text>}
      {(failed || cancel.isError) && <Alert color="red" role="alert" mt="xs">{failed ?? cancel.error?.message}</Alert>}
    </Paper>
  );
}

function Joining({ group: g }: { group: GroupDetail }) {
  const intl = useIntl();
  const join = useGroupWrite(groupCalls.requestToJoin);
  if (g.myRole === 'requested') return <Text c="dimmed">{intl.formatMessage(m.requested)}</Text>;
  if (g.myRole === 'invited') {
    return <Text>{intl.formatMessage(m.invited, { link: (chunks) => <Anchor component={Link} to="/groups">{chunks}</Anchor> })}</Text>;
  }
  if (g.visibility !== 'listed') return null;
  return (
    <div>
      <Button onClick={() => join.mutate({ id: g._id, message: '' })} loading={join.isPending} disabled={g.openSeats === 0}>{intl.formatMessage(groupWords.askToJoin)}</Button>
      {join.isError && <Alert color="red" role="alert" mt="xs">{join.error.message}</Alert>}
    </div>
  );
}
