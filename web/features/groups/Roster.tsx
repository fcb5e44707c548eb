import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { GroupDetail } from '../../../common/groups.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { api, query } from '../../lib/api.ts';
import { withValues } from '../../lib/messages.ts';
import { useSession } from '../../lib/session.tsx';
import { groupCalls, useGroupWrite } from './api.ts';
import { groupWords } from './words.ts';

const m = withValues(defineMessages({
  title: { id: 'groups.roster.title', defaultMessage: 'Members', description: 'Heading of the group\'s members' },
  leave: { id: 'groups.roster.leave', defaultMessage: 'Leave group', description: 'A member\'s button, and the confirmation\'s title and button: leave the group' },
  leaveQuestion: { id: 'groups.roster.leaveQuestion', defaultMessage: 'Leave {group}? You will no longer see its cases or meetings.', description: 'Confirmation before leaving a group; {group} is its name' },
  removeTitle: { id: 'groups.roster.removeTitle', defaultMessage: 'Remove member', description: 'Title of the confirmation before the facilitator removes a member' },
  removeQuestion: { id: 'groups.roster.removeQuestion', defaultMessage: 'Remove {name} from {group}?', description: 'Confirmation before removing a member; {group} is the group\'s name' },
  remove: { id: 'groups.roster.remove', defaultMessage: 'Remove', description: 'Confirm button: remove the member from the group' },
  removeName: { id: 'groups.roster.removeName', defaultMessage: 'Remove {name}', description: 'Facilitator\'s button beside a member: remove them from the group' },
  facilitator: { id: 'groups.roster.facilitator', defaultMessage: '{name} (facilitator)', description: 'The facilitator in the member list; {name} is their name, a link to their profile' },
  waiting: { id: 'groups.roster.waiting', defaultMessage: 'Waiting', description: 'Heading of the invitations and join requests waiting for an answer' },
  invited: { id: 'groups.roster.invited', defaultMessage: '{name}: invited', description: 'A therapist invited who has not answered yet' },
  asks: { id: 'groups.roster.asks', defaultMessage: '{name}: asks to join', description: 'A therapist asking to join, without a message' },
  asksWith: { id: 'groups.roster.asksWith', defaultMessage: '{name}: asks to join ("{message}")', description: 'A therapist asking to join, with the message they wrote' },
  invite: { id: 'groups.roster.invite', defaultMessage: 'Invite a therapist', description: 'Label of the search for a therapist to invite' },
  typeName: { id: 'groups.roster.typeName', defaultMessage: 'Type a name', description: 'Placeholder of the search for a therapist to invite' },
  nobody: { id: 'groups.roster.nobody', defaultMessage: 'No therapist found', description: 'The search for a therapist to invite found nobody' },
  inviteButton: { id: 'groups.roster.inviteButton', defaultMessage: 'Invite', description: 'Button: invite the therapist chosen' },
}));

/** The members, with removal (the facilitator), leaving (a member), invitations and join requests. */
export function Roster({ group: g }: { group: GroupDetail }) {
  const intl = useIntl();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const me = useSession().user?._id;
  const remove = useGroupWrite(groupCalls.remove);
  const answer = useGroupWrite(groupCalls.answer);
  const facilitator = g.myRole === 'facilitator';
  const removeMember = async (userId: string, name: string) => {
    const leaving = userId === me;
    const yes = await confirm(leaving
      ? { title: intl.formatMessage(m.leave), message: intl.formatMessage(m.leaveQuestion, { group: g.name }), confirmLabel: intl.formatMessage(m.leave) }
      : { title: intl.formatMessage(m.removeTitle), message: intl.formatMessage(m.removeQuestion, { name, group: g.name }), confirmLabel: intl.formatMessage(m.remove) });
    if (!yes) return;
    remove.mutate({ id: g._id, userId }, { onSuccess: () => { if (leaving) navigate('/groups'); } });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="roster">
      <Title order={2} size="h3" id="roster">{intl.formatMessage(m.title)}</Title>
      <Stack gap={6} mt="xs">
        {g.members?.map((member) => (
          <Group key={member._id} justify="space-between" wrap="nowrap">
            <Text>{member.role === 'facilitator' ? intl.formatMessage(m.facilitator, { name: profileLink(member) }) : profileLink(member)}</Text>
            {member.role !== 'facilitator' && (facilitator || member._id === me) && (
              <Button size="xs" variant="subtle" color="red" onClick={() => void removeMember(member._id, member.name)}>
                {member._id === me ? intl.formatMessage(m.leave) : intl.formatMessage(m.removeName, { name: member.name })}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {facilitator && !!g.pending?.length && (
        <Stack gap={6} mt="md">
          <Title order={3} size="h4">{intl.formatMessage(m.waiting)}</Title>
          {g.pending.map((p) => (
            <Group key={p._id} justify="space-between">
              <Text size="sm">
                {p.kind === 'invitation'
                  ? intl.formatMessage(m.invited, { name: p.user.name })
                  : intl.formatMessage(p.message ? m.asksWith : m.asks, { name: p.user.name, message: p.message })}
              </Text>
              {p.kind === 'request' && (
                <Group gap="xs">
                  <Button size="xs" onClick={() => answer.mutate({ id: g._id, invitationId: p._id, accept: true })}>{intl.formatMessage(groupWords.accept)}</Button>
                  <Button size="xs" variant="default" onClick={() => answer.mutate({ id: g._id, invitationId: p._id, accept: false })}>
                    {intl.formatMessage(groupWords.decline)}
                  </Button>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {facilitator && <InviteForm group={g} />}
      {(remove.isError || answer.isError) && <Alert color="red" role="alert" mt="xs">{(remove.error ?? answer.error)?.message}</Alert>}
    </Paper>
  );
}

const profileLink = (member: { _id: string; name: string }) => (
  <Anchor key="name" component={Link} to={`/profile/${member._id}`}>{member.name}</Anchor>
);

type Found = { users: { _id: string; name: string }[] };

function InviteForm({ group: g }: { group: GroupDetail }) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [text] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({
    queryKey: ['groups', 'invite-search', text], enabled: text.length >= 2,
    queryFn: ({ signal }) => api<Found>(`/api/users${query({ q: text })}`, { signal }),
  });
  const invite = useGroupWrite(groupCalls.invite);
  const members = new Set(g.members?.map((member) => member._id));
  const options = (found.data?.users ?? []).filter((u) => !members.has(u._id)).map((u) => ({ value: u._id, label: u.name }));
  return (
    <Group align="flex-end" mt="md" gap="xs">
      <Select label={intl.formatMessage(m.invite)} placeholder={intl.formatMessage(m.typeName)} searchable data={options} value={picked} onChange={setPicked}
        searchValue={search} onSearchChange={setSearch} filter={({ options: o }) => o} nothingFoundMessage={text.length >= 2 ? intl.formatMessage(m.nobody) : undefined}
        style={{ flex: 1, minWidth: 200 }} />
      <Button disabled={!picked} loading={invite.isPending}
        onClick={() => picked && invite.mutate({ id: g._id, userId: picked }, { onSuccess: () => { setPicked(null); setSearch(''); } })}>{intl.formatMessage(m.inviteButton)}</Button>
      {invite.isError && <Alert color="red" role="alert" w="100%">{invite.error.message}</Alert>}
    </Group>
  );
}
