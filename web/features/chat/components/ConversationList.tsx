import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon, Avatar, Badge, Box, Button, Center, Group, Indicator, Loader, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden,
} from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import type { Conversation } from '../../../../common/chat.ts';
import { plainMentions } from '../../../../common/mentions.ts';
import { withValues } from '../../../lib/messages.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { TimeAgo } from '../../../components/TimeAgo.tsx';
import { useIsOnline } from '../stores.ts';
import { chatWords, conversationName } from '../messages.ts';
import { PeopleIcon, PinIcon, TrashIcon } from './icons.tsx';
import { otherParticipant } from './participants.ts';
import { systemLineText } from '../system-line.ts';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import './chat.css';

const m = withValues(defineMessages({
  // The spec's question, and what deleting does now: the other participant keeps their copy.
  deleteQuestion: {
    id: 'chat.list.deleteQuestion',
    defaultMessage: 'Are you sure you want to delete this conversation? It is removed from your list only; the other person keeps their copy.',
    description: 'Confirmation before deleting a conversation from one\'s list',
  },
  deleteGroupQuestion: {
    id: 'chat.list.deleteGroupQuestion',
    defaultMessage: 'Delete this conversation from your list? You stay a member (leave from its info panel); the others keep their copies.',
    description: 'Confirmation before deleting a group conversation from one\'s list',
  },
  deleteTitle: { id: 'chat.list.deleteTitle', defaultMessage: 'Delete conversation', description: 'Title of the delete confirmation' },
  delete: { id: 'chat.list.delete', defaultMessage: 'Delete', description: 'Confirm button of deleting a conversation' },
  loading: { id: 'chat.list.loading', defaultMessage: 'Loading conversations...', description: 'The conversation list is loading' },
  empty: { id: 'chat.list.empty', defaultMessage: 'No conversations yet. Start a chat from a therapist\'s profile.', description: 'The conversation list is empty' },
  loadFailed: { id: 'chat.list.loadFailed', defaultMessage: 'Could not load more conversations.', description: 'The next page of the list failed to load' },
  loadMore: { id: 'chat.list.loadMore', defaultMessage: 'Load more conversations', description: 'Button loading the next page of the list' },
  you: { id: 'chat.list.you', defaultMessage: 'You: {text}', description: 'Preview of the last message when the viewer sent it' },
  from: { id: 'chat.list.from', defaultMessage: '{name}: {text}', description: 'Preview of a group\'s last message, with its sender' },
  noMessages: { id: 'chat.list.noMessages', defaultMessage: 'No messages yet', description: 'Preview of a conversation without messages' },
  unread: { id: 'chat.list.unread', defaultMessage: '{count} unread', description: 'Accessible name of the unread badge' },
  pinned: { id: 'chat.list.pinned', defaultMessage: ', pinned', description: 'Added to the row\'s hidden status when the conversation is pinned' },
  pin: { id: 'chat.list.pin', defaultMessage: 'Pin conversation with {name}', description: 'Button pinning a conversation' },
  unpin: { id: 'chat.list.unpin', defaultMessage: 'Unpin conversation with {name}', description: 'Button unpinning a conversation' },
  deleteLabel: { id: 'chat.list.deleteLabel', defaultMessage: 'Delete conversation with {name}', description: 'Button deleting a conversation from one\'s list' },
  group: { id: 'chat.list.group', defaultMessage: 'Group conversation, {members}', description: 'Hidden status of a group row; members is the member count' },
}));

// Within this distance of the end of the list, the next page is fetched.
const LOAD_MORE_PX = 300;

/** The list's further pages: `failed` is the last attempt at the next one. */
type Paging = { hasMore: boolean; loading: boolean; failed: boolean; onLoadMore: () => void };

type Props = {
  conversations: Conversation[];
  loading: boolean;
  paging: Paging;
  myId: string;
  selectedId?: string;
  onOpen: (id: string) => void;
  onDelete: (id: string) => void;
  onTogglePin: (conversation: Conversation) => void;
};

export function ConversationList({ conversations, loading, paging, myId, selectedId, onOpen, onDelete, onTogglePin }: Props) {
  const intl = useIntl();
  const viewport = useRef<HTMLDivElement>(null);
  // Relative times move on without new data.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);

  if (loading) return <Text p="md" c="dimmed">{intl.formatMessage(m.loading)}</Text>;
  if (conversations.length === 0 && !paging.hasMore) {
    return <Text p="md" c="dimmed">{intl.formatMessage(m.empty)}</Text>;
  }

  // After a failure only the button tries again, so that scrolling does not repeat a failing request.
  const loadWhenNearEnd = () => {
    const el = viewport.current;
    if (!el || !paging.hasMore || paging.loading || paging.failed) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_PX) paging.onLoadMore();
  };

  return (
    <ScrollArea h="100%" type="auto" viewportRef={viewport} onScrollPositionChange={loadWhenNearEnd}>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {conversations.map((c) => (
          <ConversationRow key={c._id} conversation={c} myId={myId} now={now} selected={c._id === selectedId}
            onOpen={onOpen} onDelete={onDelete} onTogglePin={onTogglePin} />
        ))}
      </Stack>
      <LoadMore paging={paging} />
    </ScrollArea>
  );
}

/** The way to the next page for keyboards and assistive technology, and where scrolling is not possible. */
function LoadMore({ paging }: { paging: Paging }) {
  const intl = useIntl();
  if (!paging.hasMore) return null;
  // Not `disabled` while loading: the focus would drop out of the list.
  return (
    <Center p="sm" style={{ flexDirection: 'column', gap: 6 }}>
      {paging.failed && !paging.loading && <Text size="sm" c="red.8" role="alert">{intl.formatMessage(m.loadFailed)}</Text>}
      <Button variant="light" size="xs" aria-busy={paging.loading}
        leftSection={paging.loading ? <Loader size={12} color="currentColor" /> : undefined}
        onClick={() => {
          if (!paging.loading) paging.onLoadMore();
        }}>
        {intl.formatMessage(m.loadMore)}
      </Button>
    </Center>
  );
}

type RowProps = Pick<Props, 'myId' | 'onOpen' | 'onDelete' | 'onTogglePin'> & { conversation: Conversation; now: Date; selected: boolean };

function ConversationRow({ conversation: c, myId, now, selected, onOpen, onDelete, onTogglePin }: RowProps) {
  const intl = useIntl();
  const labels = useOptionLabels();
  const other = otherParticipant(c, myId);
  const online = useIsOnline(c.isGroup ? undefined : other._id);
  const name = conversationName(intl, c, myId);
  const confirm = useConfirm();
  const remove = async () => {
    const ok = await confirm({ title: intl.formatMessage(m.deleteTitle), message: intl.formatMessage(c.isGroup ? m.deleteGroupQuestion : m.deleteQuestion), confirmLabel: intl.formatMessage(m.delete) });
    if (ok) onDelete(c._id);
  };
  const unread = c.unreadCounts[myId] ?? 0;
  const last = c.lastMessage;
  const text = !last ? '' : last.kind === 'system' ? systemLineText(intl, labels, last, new Map(c.participants.map((p) => [p._id, p.name]))) : plainMentions(last.text);
  // A group's preview names who wrote it (a system line speaks for itself).
  const preview = !last ? intl.formatMessage(m.noMessages)
    : last.sender._id === myId && !(c.isGroup && last.kind === 'system') ? intl.formatMessage(m.you, { text })
      : c.isGroup && last.kind !== 'system' ? intl.formatMessage(m.from, { name: last.sender.name.split(' ')[0], text }) : text;
  const status = c.isGroup
    ? intl.formatMessage(m.group, { members: intl.formatMessage(chatWords.memberCount, { count: c.participants.length }) })
    : intl.formatMessage(online ? chatWords.online : chatWords.offline);

  return (
    <Box component="li" className="chat-row" data-selected={selected || undefined} data-testid="conversation-row">
      <UnstyledButton className="chat-row-button" onClick={() => onOpen(c._id)} aria-current={selected ? 'true' : undefined}>
        <Group gap="sm" wrap="nowrap" align="center">
          {c.isGroup
            ? <Avatar radius="xl" color="brand" aria-hidden><PeopleIcon /></Avatar>
            : (
              <Indicator color={online ? 'green.8' : 'gray.5'} position="bottom-end" offset={5} size={11} withBorder>
                <UserAvatar name={name} src={other.avatar} radius="xl" />
              </Indicator>
            )}
          <Box miw={0} flex={1}>
            {/* A name is never cut to make room for the time: it has the first line (two if long), the time the second. */}
            <Text fw={unread ? 700 : 600} lineClamp={2} style={{ overflowWrap: 'anywhere' }} data-testid="conversation-name">{name}</Text>
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text size="sm" c={unread ? undefined : 'dimmed'} fw={unread ? 600 : 400} truncate="end">{preview}</Text>
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                <Text size="xs" c="dimmed"><TimeAgo date={c.updatedAt} now={now} /></Text>
                {unread > 0 && (
                  <Badge size="sm" circle={unread < 10} color="brand" aria-label={intl.formatMessage(m.unread, { count: unread })}>{unread}</Badge>
                )}
              </Group>
            </Group>
            <VisuallyHidden>{status}{c.isPinned ? intl.formatMessage(m.pinned) : ''}</VisuallyHidden>
          </Box>
        </Group>
      </UnstyledButton>
      <Group gap={2} wrap="nowrap" className="chat-row-actions">
        <ActionIcon variant={c.isPinned ? 'light' : 'subtle'} color={c.isPinned ? 'brand' : 'gray.7'} size="md"
          aria-label={intl.formatMessage(c.isPinned ? m.unpin : m.pin, { name })}
          aria-pressed={c.isPinned} onClick={() => onTogglePin(c)}>
          <PinIcon />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red.8" size="md" aria-label={intl.formatMessage(m.deleteLabel, { name })}
          onClick={() => void remove()}>
          <TrashIcon />
        </ActionIcon>
      </Group>
    </Box>
  );
}
