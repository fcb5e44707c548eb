// /chat and /chat/{conversationId}: the conversation list beside the open conversation (one at a time on small screens).
import { useEffect, useState } from 'react';
import { Box, Button, Center, Group, Paper, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { defineMessages, useIntl } from 'react-intl';
import type { Conversation } from '../../../common/chat.ts';
import { withValues } from '../../lib/messages.ts';
import { useSession } from '../../lib/session.tsx';
import { keepForOffline } from '../../lib/service-worker.ts';
import { getSocket } from '../../lib/socket.ts';
import { conversationQuery, conversationsQuery, deleteConversation, pinConversation, removeConversation, upsertConversation, conversationsUrl } from './api.ts';
import { ConversationList } from './components/ConversationList.tsx';
import { ConversationPane } from './components/ConversationPane.tsx';
import { NewGroupDialog } from './components/NewGroupDialog.tsx';
import { NewMessageDialog } from './components/NewMessageDialog.tsx';

const m = withValues(defineMessages({
  title: { id: 'chat.page.title', defaultMessage: 'Chat', description: 'Heading of the chat screen' },
  newMessage: { id: 'chat.page.newMessage', defaultMessage: 'New message', description: 'Button starting a conversation with one colleague' },
  newGroup: { id: 'chat.page.newGroup', defaultMessage: 'New group', description: 'Button starting a group conversation' },
  conversations: { id: 'chat.page.conversations', defaultMessage: 'Conversations', description: 'Accessible name of the conversation list region' },
  conversation: { id: 'chat.page.conversation', defaultMessage: 'Conversation', description: 'Accessible name of the open conversation region' },
  select: { id: 'chat.page.select', defaultMessage: 'Select a conversation to start chatting.', description: 'Shown when no conversation is open' },
}));

// The page fills the space below the top bar; the list and the messages scroll inside it.
const PAGE_HEIGHT = 'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md))';

// The code half of this screen's descriptor (common/drawn-screens.ts), exported from the screen's own chunk, which is
// loaded by the time it is needed: its own chunk would cost a phone one more request.
/** @public */
export { drawn } from './drawn.ts';

export default function ChatPage() {
  const { conversationId } = useParams();
  const { user } = useSession();
  const myId = user!._id;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const intl = useIntl();
  const [picking, setPicking] = useState(false);
  const [grouping, setGrouping] = useState(false);
  const list = useInfiniteQuery(conversationsQuery(myId));
  const conversations = list.data ?? [];
  // Scrolling and the button can both ask while a page is on its way: the first request stands. A refetch of the
  // loaded pages (on connecting) would stand in the same way and the request would be lost, so it finishes first.
  const loadMore = async () => {
    if (list.isRefetching) await list.refetch({ cancelRefetch: false });
    await list.fetchNextPage({ cancelRefetch: false });
  };
  const paging = {
    hasMore: list.hasNextPage,
    loading: list.isFetchingNextPage,
    failed: list.isFetchNextPageError,
    onLoadMore: () => void loadMore(),
  };
  const listed = conversations.find((c) => c._id === conversationId);
  // Opened by address before its page of the list is loaded: read on its own (live updates then come to the list).
  const single = useQuery({ ...conversationQuery(conversationId ?? ''), enabled: Boolean(conversationId) && list.isSuccess && !listed });
  const selected = listed ?? single.data;

  // A screen the server drew asked the API for nothing: what the worker keeps to open offline is asked for once here.
  useEffect(() => keepForOffline(['/api/users/me', conversationsUrl(), ...(conversationId ? [`/api/conversations/${conversationId}/messages`] : [])]), [conversationId]);

  // The spec: a conversation deleted (here or by the other person) is closed if it is the open one.
  useEffect(() => {
    const socket = getSocket();
    const onDeleted = ({ conversationId: id }: { conversationId: string }) => {
      if (id === conversationId) navigate('/chat', { replace: true });
    };
    socket.on('conversationDeleted', onDeleted);
    return () => void socket.off('conversationDeleted', onDeleted);
  }, [conversationId, navigate]);

  const remove = (id: string) => {
    deleteConversation(id)
      .then(() => {
        removeConversation(qc, id);
        if (id === conversationId) navigate('/chat', { replace: true });
      })
      .catch((error) => console.error('Failed to delete conversation', error));
  };
  const togglePin = (c: Conversation) => {
    pinConversation(c._id, !c.isPinned).then((updated) => upsertConversation(qc, updated)).catch((error) => console.error('Failed to pin conversation', error));
  };

  return (
    <Box h={PAGE_HEIGHT} mih={420} display="flex" style={{ flexDirection: 'column' }}>
      <Group justify="space-between" mb="xs">
        <Title order={1} size="h3">{intl.formatMessage(m.title)}</Title>
        <Group gap="xs">
          <Button size="sm" variant="default" onClick={() => setGrouping(true)}>{intl.formatMessage(m.newGroup)}</Button>
          <Button size="sm" onClick={() => setPicking(true)}>{intl.formatMessage(m.newMessage)}</Button>
        </Group>
      </Group>
      <NewMessageDialog opened={picking} onClose={() => setPicking(false)} onOpened={(id) => navigate(`/chat/${id}`)} />
      <NewGroupDialog opened={grouping} onClose={() => setGrouping(false)} onOpened={(id) => navigate(`/chat/${id}`)} />
      <Paper withBorder flex={1} mih={0} display="flex" style={{ overflow: 'hidden' }}>
        <Box component="section" aria-label={intl.formatMessage(m.conversations)} w={{ base: '100%', md: 320 }} h="100%"
          visibleFrom={conversationId ? 'md' : undefined}
          style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-gray-3)', background: '#fff' }}>
          <ConversationList conversations={conversations} loading={list.isPending} paging={paging} myId={myId}
            selectedId={conversationId} onOpen={(id) => navigate(`/chat/${id}`)} onDelete={remove} onTogglePin={togglePin} />
        </Box>
        <Box component="section" aria-label={intl.formatMessage(m.conversation)} flex={1} miw={0} h="100%" display="flex"
          visibleFrom={conversationId ? undefined : 'md'}>
          {conversationId
            ? <ConversationPane key={conversationId} conversationId={conversationId} conversation={selected} myId={myId} />
            : <Center flex={1} p="md"><Text c="dimmed">{intl.formatMessage(m.select)}</Text></Center>}
        </Box>
      </Paper>
    </Box>
  );
}
