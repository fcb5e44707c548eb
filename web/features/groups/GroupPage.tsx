import { Alert, Anchor, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { GroupDetail } from '../../../common/groups.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { hasCode } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { groupCalls, meetingTime, useGroup, useGroupWrite } from './api.ts';
import { AttendancePanel } from './AttendancePanel.tsx';
import { Cases } from './Cases.tsx';
import { Roster } from './Roster.tsx';

/** /groups/{id}: the next meeting, cases, roster and attendance for members; the public card for others. */
export default function GroupPage() {
  const { id = '' } = useParams();
  const group = useGroup(id);
  return (
    <Container size="lg" px={0}>
      <Anchor component={Link} to="/groups" size="sm">Back to groups</Anchor>
      {group.isPending && <PageLoader label="Loading group..." />}
      {group.isError && (hasCode(group.error, 'NOT_FOUND')
        ? <Alert color="gray" title="Group not found." mt="md">It may have been deleted, or the link is incorrect.</Alert>
        : <Alert color="red" role="alert" mt="md">{group.error.message}</Alert>)}
      {group.data && <GroupView group={group.data} />}
    </Container>
  );
}

function GroupView({ group: g }: { group: GroupDetail }) {
  const heading = useScreen(g.name);
  const member = g.myRole === 'facilitator' || g.myRole === 'member';
  return (
    <Stack gap="md" mt="sm">
      <div>
        <Group gap="xs">
          <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>{g.name}</Title>
          <Badge variant="light">{g.visibility === 'listed' ? 'Listed' : 'Private'}</Badge>
        </Group>
        <Text c="dimmed" size="sm">Facilitated by {g.facilitator.name} · {g.membersCount} of {g.maxMembers} members</Text>
        {g.description && <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>{g.description}</Text>}
      </div>
      <NextMeeting group={g} />
      {member ? (
        <>
          {g.conversationId && <Anchor component={Link} to={`/chat/${g.conversationId}`}>Open the group's conversation</Anchor>}
          <Cases group={g} />
          <Roster group={g} />
          <AttendancePanel group={g} />
        </>
      ) : <Joining group={g} />}
    </Stack>
  );
}

function NextMeeting({ group: g }: { group: GroupDetail }) {
  const confirm = useConfirm();
  const cancel = useGroupWrite(groupCalls.cancelMeeting);
  const [failed, setFailed] = useState<string | null>(null);
  const next = g.nextMeeting;
  const addToCalendar = () => next && downloadFile(`/api/groups/${g._id}/meetings/${next._id}/ics`, 'meeting.ics').catch((e: Error) => setFailed(e.message));
  const cancelMeeting = async () => {
    if (!next) return;
    const yes = await confirm({ title: 'Cancel meeting', message: `Cancel the meeting on ${meetingTime(next.startsAt)}? Members will see it as cancelled.`, confirmLabel: 'Cancel meeting' });
    if (yes) cancel.mutate({ id: g._id, meetingId: next._id });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="next-meeting">
      <Title order={2} size="h3" id="next-meeting">Next meeting</Title>
      {next ? (
        <Stack gap="xs" mt={4}>
          <Text><time dateTime={next.startsAt}>{meetingTime(next.startsAt)}</time></Text>
          <Group gap="xs">
            {g.meetingLink && <Button component="a" href={g.meetingLink} target="_blank" rel="noreferrer" size="xs">Join meeting</Button>}
            {g.members && <Button size="xs" variant="default" onClick={() => void addToCalendar()}>Add to calendar</Button>}
            {g.myRole === 'facilitator' && <Button size="xs" variant="subtle" color="red" onClick={() => void cancelMeeting()}>Cancel this meeting</Button>}
          </Group>
        </Stack>
      ) : <Text c="dimmed" mt={4}>No meeting scheduled.</Text>}
      {(failed || cancel.isError) && <Alert color="red" role="alert" mt="xs">{failed ?? cancel.error?.message}</Alert>}
    </Paper>
  );
}

function Joining({ group: g }: { group: GroupDetail }) {
  const join = useGroupWrite(groupCalls.requestToJoin);
  if (g.myRole === 'requested') return <Text c="dimmed">Your request to join is waiting for the facilitator.</Text>;
  if (g.myRole === 'invited') return <Text>You are invited to this group: answer the invitation on <Anchor component={Link} to="/groups">Groups</Anchor>.</Text>;
  if (g.visibility !== 'listed') return null;
  return (
    <div>
      <Button onClick={() => join.mutate({ id: g._id, message: '' })} loading={join.isPending} disabled={g.openSeats === 0}>Ask to join</Button>
      {join.isError && <Alert color="red" role="alert" mt="xs">{join.error.message}</Alert>}
    </div>
  );
}
