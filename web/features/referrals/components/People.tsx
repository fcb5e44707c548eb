import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { Link } from 'react-router';
import type { Recipient, Referral } from '../../../../common/referrals.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { timeAgo } from '../../../lib/time.ts';
import { ResponseBadge } from './StatusBadge.tsx';

const m = withValues(defineMessages({
  openConversationWith: { id: 'referrals.people.openConversationWith', defaultMessage: 'Open conversation with {name}', description: 'Accessible name of the button opening the chat with the colleague who accepted (or who sent) the referral.' },
  openConversation: { id: 'referrals.people.openConversation', defaultMessage: 'Open conversation', description: 'Button opening the chat between the sender and the colleague who accepted the referral.' },
  title: { id: 'referrals.people.title', defaultMessage: 'People', description: 'Heading of the section listing the sender and the recipients of a referral.' },
  you: { id: 'referrals.people.you', defaultMessage: 'You', description: 'Stands for the member\'s own name in the list of people of a referral.' },
  referring: { id: 'referrals.people.referringTherapist', defaultMessage: 'Referring therapist', description: 'Under the sender\'s name: the therapist who sent the referral.' },
  boardOnly: { id: 'referrals.people.boardOnly', defaultMessage: 'Not sent to anyone directly: the request is on the board.', description: 'A referral posted to the board only, with no recipient.' },
  recipients: { id: 'referrals.people.recipients', defaultMessage: 'Recipients', description: 'Accessible name of the list of therapists the referral was sent to.' },
  fromBoard: { id: 'referrals.people.fromBoard', defaultMessage: 'from the board', description: 'Beside a recipient who offered from the board rather than being asked directly.' },
  answered: { id: 'referrals.people.answered', defaultMessage: 'Answered <time>{ago}</time>', description: 'When the recipient answered; {ago} is a relative time such as "5m ago".' },
  quoted: { id: 'referrals.people.quoted', defaultMessage: '“{text}”', description: 'The sender\'s message to a recipient, quoted.' },
}));

/** "Open conversation" once a recipient has accepted: the chat between the two, opened by the acceptance. */
function ConversationLink({ recipient, other }: { recipient: Recipient; other: string }) {
  const intl = useIntl();
  if (recipient.response !== 'accepted' || !recipient.conversationId) return null;
  return (
    <Button component={Link} to={`/chat/${recipient.conversationId}`} variant="light" size="xs"
      aria-label={intl.formatMessage(m.openConversationWith, { name: other })}>
      {intl.formatMessage(m.openConversation)}
    </Button>
  );
}

/** Who is involved: the sender, and each recipient with their answer (a recipient sees only their own entry). */
export function People({ referral }: { referral: Referral }) {
  const intl = useIntl();
  const sender = referral.viewerRole === 'sender';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="people-title">
      <Title order={2} size="h4" id="people-title" mb="sm">{intl.formatMessage(m.title)}</Title>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <UserAvatar name={referral.sender.name} src={referral.sender.avatar} size={36} />
          <div>
            <Text fw={600}>{sender ? intl.formatMessage(m.you) : referral.sender.name}</Text>
            <Text size="sm" c="dimmed">{intl.formatMessage(m.referring)}</Text>
          </div>
        </Group>
        {referral.recipients.length === 0 && <Text size="sm" c="dimmed">{intl.formatMessage(m.boardOnly)}</Text>}
        <Stack gap="sm" component="ul" aria-label={intl.formatMessage(m.recipients)} m={0} p={0} style={{ listStyle: 'none' }}>
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
  const intl = useIntl();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <UserAvatar name={r.user.name} src={r.user.avatar} size={36} />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6}>
          <Text fw={600}>{isSelf ? intl.formatMessage(m.you) : r.user.name}</Text>
          <ResponseBadge response={r.response} />
          {r.viaBoard && <Text size="xs" c="dimmed">{intl.formatMessage(m.fromBoard)}</Text>}
        </Group>
        {r.message && <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{intl.formatMessage(m.quoted, { text: r.message })}</Text>}
        {r.respondedAt && (
          <Text size="xs" c="dimmed">
            <FormattedMessage {...m.answered} values={{ ago: timeAgo(intl, r.respondedAt), time: (chunks) => <time dateTime={r.respondedAt ?? undefined}>{chunks}</time> }} />
          </Text>
        )}
        <Group><ConversationLink recipient={r} other={isSelf ? senderName : r.user.name} /></Group>
      </Stack>
    </Group>
  );
}
