import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Recipient, Referral } from '../../../../common/referrals.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { timeAgo } from '../../../lib/time.ts';
import { ResponseBadge } from './StatusBadge.tsx';

/** "Open conversation" once a recipient has accepted: the chat between the two, opened by the acceptance. */
function ConversationLink({ recipient, other }: { recipient: Recipient; other: string }) {
  if (recipient.response !== 'accepted' || !recipient.conversationId) return null;
  return (
    <Button component={Link} to={`/chat/${recipient.conversationId}`} variant="light" size="xs" aria-label={`Open conversation with ${other}`}>
      Open conversation
    </Button>
  );
}

/** Who is involved: the sender, and each recipient with their answer (a recipient sees only their own entry). */
export function People({ referral }: { referral: Referral }) {
  const sender = referral.viewerRole === 'sender';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="people-title">
      <Title order={2} size="h4" id="people-title" mb="sm">People</Title>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <UserAvatar name={referral.sender.name} src={referral.sender.avatar} size={36} />
          <div>
            <Text fw={600}>{sender ? 'You' : referral.sender.name}</Text>
            <Text size="sm" c="dimmed">Referring therapist</Text>
          </div>
        </Group>
        {referral.recipients.length === 0 && <Text size="sm" c="dimmed">Not sent to anyone directly: the request is on the board.</Text>}
        <Stack gap="sm" component="ul" aria-label="Recipients" m={0} p={0} style={{ listStyle: 'none' }}>
          {referral.recipients.map((r) => (
            <li key={r.user._id} data-testid="recipient">
              <RecipientLine recipient={r} isSelf={!sender} senderName={referral.sender.name} />
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function RecipientLine({ recipient: r, isSelf, senderName }: { recipient: Recipient; isSelf: boolean; senderName: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <UserAvatar name={r.user.name} src={r.user.avatar} size={36} />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6}>
          <Text fw={600}>{isSelf ? 'You' : r.user.name}</Text>
          <ResponseBadge response={r.response} />
          {r.viaBoard && <Text size="xs" c="dimmed">from the board</Text>}
        </Group>
        {r.message && <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>“{r.message}”</Text>}
        {r.respondedAt && <Text size="xs" c="dimmed">Answered <time dateTime={r.respondedAt}>{timeAgo(r.respondedAt)}</time></Text>}
        <Group><ConversationLink recipient={r} other={isSelf ? senderName : r.user.name} /></Group>
      </Stack>
    </Group>
  );
}
