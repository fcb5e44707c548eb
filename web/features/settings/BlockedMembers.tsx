import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { useBlockedMembers, useBlockMember } from '../../lib/blocks.ts';

export function BlockedMembers() {
  const blocked = useBlockedMembers();
  const change = useBlockMember();
  const confirm = useConfirm();

  const unblock = async (userId: string, name: string) => {
    const question = { title: 'Unblock member', message: `Unblock ${name}? They will be able to message you again.`, confirmLabel: 'Unblock' };
    if (await confirm(question)) change.mutate({ userId, blocked: false });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="blocked-title">
      <Title order={2} size="h4" id="blocked-title">Blocked members</Title>
      <Text size="sm" c="dimmed" mb="sm">They cannot message you, and their posts and comments are hidden from you. Only you can see this list.</Text>
      {blocked.isPending && <Text size="sm">Loading…</Text>}
      {blocked.isError && <Text size="sm" c="red.9" role="alert">Could not load the list. Please try again.</Text>}
      {blocked.data?.length === 0 && <Text size="sm">You have not blocked anyone.</Text>}
      <Stack component="ul" gap="xs" m={0} p={0}>
        {blocked.data?.map((member) => (
          <Group key={member._id} component="li" justify="space-between" wrap="nowrap" style={{ listStyle: 'none' }}>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <UserAvatar name={member.name} src={member.avatar} size="sm" />
              <Anchor component={Link} to={`/profile/${member._id}`} size="sm" truncate>{member.name}</Anchor>
            </Group>
            <Button variant="default" size="compact-sm" aria-label={`Unblock ${member.name}`}
              loading={change.isPending && change.variables?.userId === member._id}
              onClick={() => void unblock(member._id, member.name)}>
              Unblock
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
