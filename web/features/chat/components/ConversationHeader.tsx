// The open conversation's header: the other person and their presence, or a group's name, its members (how many, how
// many online) and the way to its info panel; then search and files.
import type { RefObject } from 'react';
import { ActionIcon, Avatar, Box, Group, Indicator, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { DOT } from '../../../lib/punctuation.ts';
import type { Conversation } from '../../../../common/chat.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { FolderIcon } from '../../../components/files/icons.tsx';
import { chatWords, conversationName } from '../messages.ts';
import { useIsOnline, useOnlineCount } from '../stores.ts';
import { BackIcon, InfoIcon, PeopleIcon, SearchIcon } from './icons.tsx';
import { otherParticipant } from './participants.ts';

const m = withValues(defineMessages({
  back: { id: 'chat.header.back', defaultMessage: 'Back to conversations', description: 'Phone-width button back to the conversation list' },
  search: { id: 'chat.header.search', defaultMessage: 'Search in conversation', description: 'Button opening the search in the open conversation' },
  files: { id: 'chat.header.files', defaultMessage: 'Files in conversation', description: 'Button opening the files shared in the conversation' },
  info: { id: 'chat.header.groupInfo', defaultMessage: 'Group info', description: 'Button opening a group conversation\'s members and settings' },
}));

type Props = {
  conversation?: Conversation;
  myId: string;
  searching: boolean;
  searchButton: RefObject<HTMLButtonElement | null>;
  onBack: () => void;
  onToggleSearch: () => void;
  onShowFiles: () => void;
  onShowInfo: () => void;
};

export function ConversationHeader({ conversation, myId, searching, searchButton, onBack, onToggleSearch, onShowFiles, onShowInfo }: Props) {
  const intl = useIntl();
  const isGroup = Boolean(conversation?.isGroup);
  return (
    <Group gap="sm" px="md" py="xs" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: '#fff' }}>
      <ActionIcon hiddenFrom="md" variant="subtle" color="gray.8" size="lg" aria-label={intl.formatMessage(m.back)} onClick={onBack}>
        <BackIcon />
      </ActionIcon>
      {isGroup && conversation ? <GroupTitle conversation={conversation} myId={myId} /> : <PairTitle conversation={conversation} myId={myId} />}
      <ActionIcon ref={searchButton} ml="auto" variant={searching ? 'light' : 'subtle'} color={searching ? 'brand' : 'gray.8'} size="lg"
        aria-label={intl.formatMessage(m.search)} aria-expanded={searching} onClick={onToggleSearch}>
        <SearchIcon />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={intl.formatMessage(m.files)} aria-haspopup="dialog" onClick={onShowFiles}>
        <FolderIcon />
      </ActionIcon>
      {isGroup && (
        <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={intl.formatMessage(m.info)} aria-haspopup="dialog" onClick={onShowInfo}>
          <InfoIcon />
        </ActionIcon>
      )}
    </Group>
  );
}

function PairTitle({ conversation, myId }: { conversation?: Conversation; myId: string }) {
  const intl = useIntl();
  const other = otherParticipant(conversation, myId);
  const online = useIsOnline(other._id || undefined);
  const name = conversationName(intl, conversation, myId);
  return (
    <>
      <Indicator color={online ? 'green.8' : 'gray.5'} position="bottom-end" offset={5} size={11} withBorder disabled={!other._id}>
        <UserAvatar name={name} src={other.avatar} radius="xl" />
      </Indicator>
      <Box miw={0}>
        <Text component="h2" fw={700} size="md" m={0} truncate="end">{name}</Text>
        {other._id && <Text size="xs" c="dimmed">{intl.formatMessage(online ? chatWords.online : chatWords.offline)}</Text>}
      </Box>
    </>
  );
}

function GroupTitle({ conversation: c, myId }: { conversation: Conversation; myId: string }) {
  const intl = useIntl();
  const others = c.participants.filter((p) => p._id !== myId).map((p) => p._id);
  const online = useOnlineCount(others);
  const count = intl.formatMessage(chatWords.memberCount, { count: c.participants.length });
  return (
    <>
      <Avatar radius="xl" color="brand" aria-hidden><PeopleIcon /></Avatar>
      <Box miw={0}>
        <Text component="h2" fw={700} size="md" m={0} truncate="end" data-testid="conversation-title">{conversationName(intl, c, myId)}</Text>
        <Text size="xs" c="dimmed" data-testid="group-summary">
          {online > 0 ? <>{count}{DOT}{intl.formatMessage(chatWords.onlineCount, { count: online })}</> : count}
        </Text>
      </Box>
    </>
  );
}
