import { Alert, Anchor, Badge, Button, Card, Container, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { GroupCard } from '../../../common/groups.ts';
import { MODALITIES, SPECIALTIES } from '../../../common/options.ts';
import { ConsultationHours } from '../../components/ConsultationHours.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { withValues } from '../../lib/messages.ts';
import { useOptionLabels } from '../../lib/option-labels.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { groupCalls, useFindGroups, useGroupWrite, useMyGroups, useMyInvitations } from './api.ts';
import { groupWords, useMeetingTime } from './words.ts';

const m = withValues(defineMessages({
  screen: { id: 'groups.list.screen', defaultMessage: 'Groups', description: 'Browser tab title of /groups' },
  title: { id: 'groups.list.title', defaultMessage: 'Consultation groups', description: 'Heading of /groups' },
  newGroup: { id: 'groups.list.newGroup', defaultMessage: 'New group', description: 'Button: open the form that starts a consultation group' },
  invitations: { id: 'groups.list.invitations', defaultMessage: 'Invitations', description: 'Heading of the invitations to groups waiting for the member\'s answer' },
  invited: { id: 'groups.list.invited', defaultMessage: 'You are invited to {group}', description: 'An invitation waiting for an answer; {group} is the group\'s name, a link to its page' },
  nextMeeting: { id: 'groups.list.nextMeeting', defaultMessage: 'Next meeting: {time}', description: 'On a group\'s card: when it meets next (weekday, date and time)' },
  noMeeting: { id: 'groups.list.noMeeting', defaultMessage: 'No meeting scheduled', description: 'On a group\'s card: it has no upcoming meeting' },
  mine: { id: 'groups.list.mine', defaultMessage: 'My groups', description: 'Heading of the groups the member belongs to' },
  loadingMine: { id: 'groups.list.loadingMine', defaultMessage: 'Loading your groups...', description: 'While the member\'s groups load' },
  noneMine: { id: 'groups.list.noneMine', defaultMessage: 'You are not in a consultation group yet. Start one, or find one below.', description: 'The member belongs to no group' },
  find: { id: 'groups.list.find', defaultMessage: 'Find a group', description: 'Heading of the search among listed groups' },
  search: { id: 'groups.list.search', defaultMessage: 'Search groups', description: 'Label of the text search among listed groups' },
  specialty: { id: 'groups.list.specialty', defaultMessage: 'Specialty', description: 'Label of the specialty filter of the group search' },
  modality: { id: 'groups.list.modality', defaultMessage: 'Modality', description: 'Label of the modality filter of the group search' },
  looking: { id: 'groups.list.looking', defaultMessage: 'Looking for groups...', description: 'While the group search runs' },
  noneFound: { id: 'groups.list.noneFound', defaultMessage: 'No listed group with open seats matches.', description: 'The group search found nothing' },
  openSeats: { id: 'groups.list.openSeats', defaultMessage: '{count, plural, one {# open seat} other {# open seats}}', description: 'Badge on a found group: how many seats are free' },
  requested: { id: 'groups.list.requested', defaultMessage: 'Request sent', description: 'On a found group: the member already asked to join' },
}));

/** /groups: my groups with their next meeting, invitations waiting for me, and "Find a group". */
export default function GroupsPage() {
  const intl = useIntl();
  const heading = useScreen(intl.formatMessage(m.screen));
  return (
    <Container size="lg" px={0}>
      <Group justify="space-between" align="center" mb="md">
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>{intl.formatMessage(m.title)}</Title>
        <Button component={Link} to="/groups/new">{intl.formatMessage(m.newGroup)}</Button>
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
  const intl = useIntl();
  const invitations = useMyInvitations();
  const answer = useGroupWrite(groupCalls.answer);
  const waiting = invitations.data?.invitations.filter((i) => i.kind === 'invitation') ?? [];
  if (!waiting.length) return null;
  return (
    <section aria-labelledby="group-invitations">
      <Title order={2} size="h3" id="group-invitations" mb="sm">{intl.formatMessage(m.invitations)}</Title>
      <Stack gap="xs">
        {waiting.map((i) => (
          <Card key={i._id} withBorder padding="sm">
            <Group justify="space-between" wrap="wrap">
              <Text>{intl.formatMessage(m.invited, { group: <Anchor key="group" component={Link} to={`/groups/${i.group._id}`}>{i.group.name}</Anchor> })}</Text>
              <Group gap="xs">
                <Button size="xs" loading={answer.isPending} onClick={() => answer.mutate({ id: i.group._id, invitationId: i._id, accept: true })}>{intl.formatMessage(groupWords.accept)}</Button>
                <Button size="xs" variant="default" onClick={() => answer.mutate({ id: i.group._id, invitationId: i._id, accept: false })}>
                  {intl.formatMessage(groupWords.decline)}
                </Button>
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
  const intl = useIntl();
  const labels = useOptionLabels();
  const meetingTime = useMeetingTime(group.schedule.timeZone);
  const next = group.nextMeeting;
  const focus = [...group.focus.specialties.map(labels.specialty), ...group.focus.modalities.map(labels.modality)];
  return (
    <Card withBorder padding="md">
      <Stack gap={4}>
        <Anchor component={Link} to={`/groups/${group._id}`} fw={600}>{group.name}</Anchor>
        <Text size="sm" c="dimmed">
          {intl.formatMessage(groupWords.summary, { name: group.facilitator.name, count: group.membersCount, max: group.maxMembers })}
        </Text>
        <Text size="sm">
          {next
            ? intl.formatMessage(m.nextMeeting, { time: <time key="time" dateTime={next.startsAt}>{meetingTime(next.startsAt)}</time> })
            : intl.formatMessage(m.noMeeting)}
        </Text>
        <Group gap={4}>
          {focus.map((f) => <Badge key={f} variant="light" size="sm">{f}</Badge>)}
        </Group>
        {action}
      </Stack>
    </Card>
  );
}

function MyGroups() {
  const intl = useIntl();
  const mine = useMyGroups();
  return (
    <section aria-labelledby="my-groups">
      <Title order={2} size="h3" id="my-groups" mb="sm">{intl.formatMessage(m.mine)}</Title>
      {mine.isPending && <PageLoader label={intl.formatMessage(m.loadingMine)} />}
      {mine.isError && <Alert color="red" role="alert">{mine.error.message}</Alert>}
      {mine.data && !mine.data.groups.length && <Text c="dimmed">{intl.formatMessage(m.noneMine)}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {mine.data?.groups.map((g) => <GroupSummary key={g._id} group={g} />)}
      </SimpleGrid>
    </section>
  );
}

function FindGroups() {
  const intl = useIntl();
  const labels = useOptionLabels();
  const [q, setQ] = useState('');
  const [specialty, setSpecialty] = useState<string | null>(null);
  const [modality, setModality] = useState<string | null>(null);
  const [text] = useDebouncedValue(q.trim(), 300);
  const found = useFindGroups({ q: text, specialty, modality });
  const join = useGroupWrite(groupCalls.requestToJoin);
  return (
    <section aria-labelledby="find-group">
      <Title order={2} size="h3" id="find-group" mb="sm">{intl.formatMessage(m.find)}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
        <TextInput label={intl.formatMessage(m.search)} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        <Select label={intl.formatMessage(m.specialty)} data={labels.choices(SPECIALTIES, labels.specialty, { alphabetical: true })}
          value={specialty} onChange={setSpecialty} clearable searchable />
        <Select label={intl.formatMessage(m.modality)} data={labels.choices(MODALITIES, labels.modality, { alphabetical: true })}
          value={modality} onChange={setModality} clearable searchable />
      </SimpleGrid>
      {found.isPending && <PageLoader label={intl.formatMessage(m.looking)} />}
      {found.data && !found.data.groups.length && <Text c="dimmed">{intl.formatMessage(m.noneFound)}</Text>}
      {join.isError && <Alert color="red" role="alert" mb="xs">{join.error.message}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {found.data?.groups.map((g) => (
          <GroupSummary key={g._id} group={g} action={(
            <Group gap="xs">
              <Badge color="green" variant="light">{intl.formatMessage(m.openSeats, { count: g.openSeats })}</Badge>
              {g.myRole === null && (
                <Button size="xs" variant="light" onClick={() => join.mutate({ id: g._id, message: '' })}>{intl.formatMessage(groupWords.askToJoin)}</Button>
              )}
              {g.myRole === 'requested' && <Text size="sm" c="dimmed">{intl.formatMessage(m.requested)}</Text>}
            </Group>
          )} />
        ))}
      </SimpleGrid>
    </section>
  );
}
