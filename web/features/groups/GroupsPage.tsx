import { Alert, Anchor, Badge, Button, Card, Container, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GroupCard } from '../../../common/groups.ts';
import { MODALITIES, SPECIALTIES } from '../../../common/options.ts';
import { ConsultationHours } from '../../components/ConsultationHours.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { groupCalls, meetingTime, useFindGroups, useGroupWrite, useMyGroups, useMyInvitations } from './api.ts';

/** /groups: my groups with their next meeting, invitations waiting for me, and "Find a group". */
export default function GroupsPage() {
  const heading = useScreen('Groups');
  return (
    <Container size="lg" px={0}>
      <Group justify="space-between" align="center" mb="md">
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>Consultation groups</Title>
        <Button component={Link} to="/groups/new">New group</Button>
      </Group>
      <Stack gap="xl">
        <Invitations />
        <MyGroups />
        <FindGroups />
        <ConsultationHours />
      </Stack>
    </Container>
  );
}

function Invitations() {
  const invitations = useMyInvitations();
  const answer = useGroupWrite(groupCalls.answer);
  const waiting = invitations.data?.invitations.filter((i) => i.kind === 'invitation') ?? [];
  if (!waiting.length) return null;
  return (
    <section aria-labelledby="group-invitations">
      <Title order={2} size="h3" id="group-invitations" mb="sm">Invitations</Title>
      <Stack gap="xs">
        {waiting.map((i) => (
          <Card key={i._id} withBorder padding="sm">
            <Group justify="space-between" wrap="wrap">
              <Text>You are invited to <Anchor component={Link} to={`/groups/${i.group._id}`}>{i.group.name}</Anchor></Text>
              <Group gap="xs">
                <Button size="xs" loading={answer.isPending} onClick={() => answer.mutate({ id: i.group._id, invitationId: i._id, accept: true })}>Accept</Button>
                <Button size="xs" variant="default" onClick={() => answer.mutate({ id: i.group._id, invitationId: i._id, accept: false })}>Decline</Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      {answer.isError && <Alert color="red" role="alert" mt="xs">{answer.error.message}</Alert>}
    </section>
  );
}

function GroupSummary({ group, action }: { group: GroupCard; action?: React.ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Stack gap={4}>
        <Anchor component={Link} to={`/groups/${group._id}`} fw={600}>{group.name}</Anchor>
        <Text size="sm" c="dimmed">
          Facilitated by {group.facilitator.name} · {group.membersCount} of {group.maxMembers} members
        </Text>
        <Text size="sm">
          {group.nextMeeting ? <>Next meeting: <time dateTime={group.nextMeeting.startsAt}>{meetingTime(group.nextMeeting.startsAt)}</time></> : 'No meeting scheduled'}
        </Text>
        <Group gap={4}>
          {[...group.focus.specialties, ...group.focus.modalities].map((f) => <Badge key={f} variant="light" size="sm">{f}</Badge>)}
        </Group>
        {action}
      </Stack>
    </Card>
  );
}

function MyGroups() {
  const mine = useMyGroups();
  return (
    <section aria-labelledby="my-groups">
      <Title order={2} size="h3" id="my-groups" mb="sm">My groups</Title>
      {mine.isPending && <PageLoader label="Loading your groups..." />}
      {mine.isError && <Alert color="red" role="alert">{mine.error.message}</Alert>}
      {mine.data && !mine.data.groups.length && <Text c="dimmed">You are not in a consultation group yet. Start one, or find one below.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {mine.data?.groups.map((g) => <GroupSummary key={g._id} group={g} />)}
      </SimpleGrid>
    </section>
  );
}

function FindGroups() {
  const [q, setQ] = useState('');
  const [specialty, setSpecialty] = useState<string | null>(null);
  const [modality, setModality] = useState<string | null>(null);
  const [text] = useDebouncedValue(q.trim(), 300);
  const found = useFindGroups({ q: text, specialty, modality });
  const join = useGroupWrite(groupCalls.requestToJoin);
  return (
    <section aria-labelledby="find-group">
      <Title order={2} size="h3" id="find-group" mb="sm">Find a group</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
        <TextInput label="Search groups" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        <Select label="Specialty" data={[...SPECIALTIES]} value={specialty} onChange={setSpecialty} clearable searchable />
        <Select label="Modality" data={[...MODALITIES]} value={modality} onChange={setModality} clearable searchable />
      </SimpleGrid>
      {found.isPending && <PageLoader label="Looking for groups..." />}
      {found.data && !found.data.groups.length && <Text c="dimmed">No listed group with open seats matches.</Text>}
      {join.isError && <Alert color="red" role="alert" mb="xs">{join.error.message}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {found.data?.groups.map((g) => (
          <GroupSummary key={g._id} group={g} action={(
            <Group gap="xs">
              <Badge color="green" variant="light">{g.openSeats} open {g.openSeats === 1 ? 'seat' : 'seats'}</Badge>
              {g.myRole === null && <Button size="xs" variant="light" onClick={() => join.mutate({ id: g._id, message: '' })}>Ask to join</Button>}
              {g.myRole === 'requested' && <Text size="sm" c="dimmed">Request sent</Text>}
            </Group>
          )} />
        ))}
      </SimpleGrid>
    </section>
  );
}
