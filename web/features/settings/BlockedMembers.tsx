import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { useBlockedMembers, useBlockMember } from '../../lib/blocks.ts';
import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({
  title: { id: 'settings.blocked.title', defaultMessage: 'Blocked members', description: 'Heading of the list of members the member blocked (Privacy tab).' },
  intro: {
    id: 'settings.blocked.intro', defaultMessage: 'They cannot message you, and their posts and comments are hidden from you. Only you can see this list.',
    description: 'What blocking does.',
  },
  loading: { id: 'settings.loading', defaultMessage: 'Loading…', description: 'A settings section while it loads.' },
  failed: { id: 'settings.blocked.failed', defaultMessage: 'Could not load the list. Please try again.', description: 'The blocked list could not be read.' },
  empty: { id: 'settings.blocked.empty', defaultMessage: 'You have not blocked anyone.', description: 'The blocked list is empty.' },
  confirmTitle: { id: 'settings.blocked.confirmTitle', defaultMessage: 'Unblock member', description: 'Title of the confirmation before unblocking.' },
  unblock: { id: 'settings.blocked.unblock', defaultMessage: 'Unblock', description: 'Button: unblock a member; also confirms it.' },
});
const mv = defineMessages<{ question: { name: string }; unblockName: { name: string } }>({
  question: { id: 'settings.blocked.question', defaultMessage: 'Unblock {name}? They will be able to message you again.', description: 'Confirmation before unblocking {name}.' },
  unblockName: { id: 'settings.blocked.unblockName', defaultMessage: 'Unblock {name}', description: 'Accessible name of the Unblock button beside {name}.' },
});

export function BlockedMembers() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const blocked = useBlockedMembers();
  const change = useBlockMember();
  const confirm = useConfirm();

  const unblock = async (userId: string, name: string) => {
    const question = { title: t(m.confirmTitle), message: t(mv.question, { name }), confirmLabel: t(m.unblock) };
    if (await confirm(question)) change.mutate({ userId, blocked: false });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="blocked-title">
      <Title order={2} size="h4" id="blocked-title">{t(m.title)}</Title>
      <Text size="sm" c="dimmed" mb="sm">{t(m.intro)}</Text>
      {blocked.isPending && <Text size="sm">{t(m.loading)}</Text>}
      {blocked.isError && <Text size="sm" c="red.9" role="alert">{t(m.failed)}</Text>}
      {blocked.data?.length === 0 && <Text size="sm">{t(m.empty)}</Text>}
      <Stack component="ul" gap="xs" m={0} p={0}>
        {blocked.data?.map((member) => (
          <Group key={member._id} component="li" justify="space-between" wrap="nowrap" style={{ listStyle: 'none' }}>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <UserAvatar name={member.name} src={member.avatar} size="sm" />
              <Anchor component={Link} to={`/profile/${member._id}`} size="sm" truncate>{member.name}</Anchor>
            </Group>
            <Button variant="default" size="compact-sm" aria-label={t(mv.unblockName, { name: member.name })}
              loading={change.isPending && change.variables?.userId === member._id}
              onClick={() => void unblock(member._id, member.name)}>
              {t(m.unblock)}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
