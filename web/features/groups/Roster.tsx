import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { GroupDetail } from '../../../common/groups.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { api, query } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { groupCalls, useGroupWrite } from './api.ts';

/** The members, with removal (the facilitator), leaving (a member), invitations and join requests. */
export function Roster({ group: g }: { group: GroupDetail }) {
  const confirm = useConfirm();
  const navigate = useNavigate();
  const me = useSession().user?._id;
  const remove = useGroupWrite(groupCalls.remove);
  const answer = useGroupWrite(groupCalls.answer);
  const facilitator = g.myRole === 'facilitator';
  const removeMember = async (userId: string, name: string) => {
    const leaving = userId === me;
    const yes = await confirm(leaving
      ? { title: 'Leave group', message: `Leave ${g.name}? You will no longer see its cases or meetings.`, confirmLabel: 'Leave group' }
      : { title: 'Remove member', message: `Remove ${name} from ${g.name}?`, confirmLabel: 'Remove' });
    if (!yes) return;
    remove.mutate({ id: g._id, userId }, { onSuccess: () => { if (leaving) navigate('/groups'); } });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="roster">
      <Title order={2} size="h3" id="roster">Members</Title>
      <Stack gap={6} mt="xs">
        {g.members?.map((m) => (
          <Group key={m._id} justify="space-between" wrap="nowrap">
            <Text><Anchor component={Link} to={`/profile/${m._id}`}>{m.name}</Anchor>{m.role === 'facilitator' ? ' (facilitator)' : ''}</Text>
            {m.role !== 'facilitator' && (facilitator || m._id === me) && (
              <Button size="xs" variant="subtle" color="red" onClick={() => void removeMember(m._id, m.name)}>
                {m._id === me ? 'Leave group' : `Remove ${m.name}`}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {facilitator && !!g.pending?.length && (
        <Stack gap={6} mt="md">
          <Title order={3} size="h4">Waiting</Title>
          {g.pending.map((p) => (
            <Group key={p._id} justify="space-between">
              <Text size="sm">{p.user.name}: {p.kind === 'invitation' ? 'invited' : `asks to join${p.message ? ` ("${p.message}")` : ''}`}</Text>
              {p.kind === 'request' && (
                <Group gap="xs">
                  <Button size="xs" onClick={() => answer.mutate({ id: g._id, invitationId: p._id, accept: true })}>Accept</Button>
                  <Button size="xs" variant="default" onClick={() => answer.mutate({ id: g._id, invitationId: p._id, accept: false })}>Decline</Button>
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

type Found = { users: { _id: string; name: string }[] };

function InviteForm({ group: g }: { group: GroupDetail }) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [text] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({
    queryKey: ['groups', 'invite-search', text], enabled: text.length >= 2,
    queryFn: ({ signal }) => api<Found>(`/api/users${query({ q: text })}`, { signal }),
  });
  const invite = useGroupWrite(groupCalls.invite);
  const members = new Set(g.members?.map((m) => m._id));
  const options = (found.data?.users ?? []).filter((u) => !members.has(u._id)).map((u) => ({ value: u._id, label: u.name }));
  return (
    <Group align="flex-end" mt="md" gap="xs">
      <Select label="Invite a therapist" placeholder="Type a name" searchable data={options} value={picked} onChange={setPicked}
        searchValue={search} onSearchChange={setSearch} filter={({ options: o }) => o} nothingFoundMessage={text.length >= 2 ? 'No therapist found' : undefined}
        style={{ flex: 1, minWidth: 200 }} />
      <Button disabled={!picked} loading={invite.isPending}
        onClick={() => picked && invite.mutate({ id: g._id, userId: picked }, { onSuccess: () => { setPicked(null); setSearch(''); } })}>Invite</Button>
      {invite.isError && <Alert color="red" role="alert" w="100%">{invite.error.message}</Alert>}
    </Group>
  );
}
