import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon, Badge, Box, Button, Center, Group, Indicator, Loader, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden,
} from '@mantine/core';
import type { Conversation } from '../../../../common/chat.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { TimeAgo } from '../../../components/TimeAgo.tsx';
import { useIsOnline } from '../stores.ts';
import { PinIcon, TrashIcon } from './icons.tsx';
import { otherParticipant } from './participants.ts';
import './chat.css';

// The spec's question, and what deleting does now: the other participant keeps their copy.
const DELETE_CONFIRMATION = 'Are you sure you want to delete this conversation? It is removed from your list only; the other person keeps their copy.';

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
  const viewport = useRef<HTMLDivElement>(null);
  // Relative times move on without new data.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);

  if (loading) return <Text p="md" c="dimmed">Loading conversations...</Text>;
  if (conversations.length === 0 && !paging.hasMore) {
    return <Text p="md" c="dimmed">No conversations yet. Start a chat from a therapist's profile.</Text>;
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
  if (!paging.hasMore) return null;
  // Not `disabled` while loading: the focus would drop out of the list.
  return (
    <Center p="sm" style={{ flexDirection: 'column', gap: 6 }}>
      {paging.failed && !paging.loading && <Text size="sm" c="red.8" role="alert">Could not load more conversations.</Text>}
      <Button variant="light" size="xs" aria-busy={paging.loading}
        leftSection={paging.loading ? <Loader size={12} color="currentColor" /> : undefined}
        onClick={() => {
          if (!paging.loading) paging.onLoadMore();
        }}>
        Load more conversations
      </Button>
    </Center>
  );
}

type RowProps = Pick<Props, 'myId' | 'onOpen' | 'onDelete' | 'onTogglePin'> & { conversation: Conversation; now: Date; selected: boolean };

function ConversationRow({ conversation: c, myId, now, selected, onOpen, onDelete, onTogglePin }: RowProps) {
  const other = otherParticipant(c, myId);
  const online = useIsOnline(other._id);
  const confirm = useConfirm();
  const remove = async () => {
    if (await confirm({ title: 'Delete conversation', message: DELETE_CONFIRMATION, confirmLabel: 'Delete' })) onDelete(c._id);
  };
  const unread = c.unreadCounts[myId] ?? 0;
  const last = c.lastMessage;
  const preview = last ? `${last.sender._id === myId ? 'You: ' : ''}${last.text}` : 'No messages yet';

  return (
    <Box component="li" className="chat-row" data-selected={selected || undefined} data-testid="conversation-row">
      <UnstyledButton className="chat-row-button" onClick={() => onOpen(c._id)} aria-current={selected ? 'true' : undefined}>
        <Group gap="sm" wrap="nowrap" align="center">
          <Indicator color={online ? 'green.8' : 'gray.5'} position="bottom-end" offset={5} size={11} withBorder>
            <UserAvatar name={other.name} src={other.avatar} radius="xl" />
          </Indicator>
          <Box miw={0} flex={1}>
            {/* A name is never cut to make room for the time: it has the first line (two if long), the time the second. */}
            <Text fw={unread ? 700 : 600} lineClamp={2} style={{ overflowWrap: 'anywhere' }} data-testid="conversation-name">{other.name}</Text>
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text size="sm" c={unread ? undefined : 'dimmed'} fw={unread ? 600 : 400} truncate="end">{preview}</Text>
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                <Text size="xs" c="dimmed"><TimeAgo date={c.updatedAt} now={now} /></Text>
                {unread > 0 && (
                  <Badge size="sm" circle={unread < 10} color="brand" aria-label={`${unread} unread`}>{unread}</Badge>
                )}
              </Group>
            </Group>
            <VisuallyHidden>{online ? 'Online' : 'Offline'}{c.isPinned ? ', pinned' : ''}</VisuallyHidden>
          </Box>
        </Group>
      </UnstyledButton>
      <Group gap={2} wrap="nowrap" className="chat-row-actions">
        <ActionIcon variant={c.isPinned ? 'light' : 'subtle'} color={c.isPinned ? 'brand' : 'gray.7'} size="md"
          aria-label={c.isPinned ? `Unpin conversation with ${other.name}` : `Pin conversation with ${other.name}`}
          aria-pressed={c.isPinned} onClick={() => onTogglePin(c)}>
          <PinIcon />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red.8" size="md" aria-label={`Delete conversation with ${other.name}`}
          onClick={() => void remove()}>
          <TrashIcon />
        </ActionIcon>
      </Group>
    </Box>
  );
}
