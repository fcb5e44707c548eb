import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, Button, Group, Indicator, Paper, Text } from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Conversation, Message } from '../../../../common/chat.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { getSocket } from '../../../lib/socket.ts';
import { addMessage, applyPin, editMessage, flattenMessages, messagesQuery, replaceMessage, togglePin, unsendMessage } from '../api.ts';
import { useIsOnline, useTypist } from '../stores.ts';
import { Composer } from './Composer.tsx';
import { ConversationSearch } from './ConversationSearch.tsx';
import { BackIcon, PinIcon, SearchIcon } from './icons.tsx';
import { MessageList, type PendingMessage } from './MessageList.tsx';
import { otherParticipant } from './participants.ts';

type Props = { conversationId: string; conversation?: Conversation; myId: string };

export function ConversationPane({ conversationId, conversation, myId }: Props) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const messagesResult = useInfiniteQuery(messagesQuery(conversationId));
  const messages = flattenMessages(messagesResult.data);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const other = otherParticipant(conversation, myId);
  const online = useIsOnline(other._id || undefined);
  const typist = useTypist(conversationId);
  const [searching, setSearching] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  // Closing the search (Escape or its button) gives focus back to the button that opened it.
  const closeSearch = () => {
    setSearching(false);
    searchButton.current?.focus();
  };
  const [highlightedId, setHighlightedId] = useState<string>();
  const [changeError, setChangeError] = useState<string | null>(null);

  // The spec: a conversation id that is not found goes to /chat.
  useEffect(() => {
    if (messagesResult.isError) navigate('/chat', { replace: true });
  }, [messagesResult.isError, navigate]);

  // Joined and marked read on opening (and again after a reconnect: rooms do not survive one), and read again on
  // each incoming message while it stays open.
  useEffect(() => {
    const socket = getSocket();
    const open = () => {
      socket.emit('joinConversation', conversationId);
      socket.emit('messagesRead', { conversationId });
    };
    const onMessage = (m: Message) => {
      if (m.conversationId === conversationId && m.sender._id !== myId) socket.emit('messagesRead', { conversationId });
    };
    if (socket.connected) open();
    socket.on('connect', open);
    socket.on('newMessage', onMessage);
    return () => {
      socket.off('connect', open);
      socket.off('newMessage', onMessage);
    };
  }, [conversationId, myId]);

  const send = async (text: string): Promise<string | null> => {
    const tempId = `pending-${Date.now()}-${Math.random()}`;
    setPending((list) => [...list, { tempId, text }]);
    // Without a timeout: while offline the event waits in socket.io's buffer and goes out on reconnection, once.
    // A send cut off by a lost connection (the node went away before answering) is sent once more under the same
    // clientMessageId: if the first one was stored, the server answers with it instead of storing a second.
    const payload = { conversationId, text, clientMessageId: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}` };
    const emit = () => getSocket().emitWithAck('sendMessage', payload);
    const result = await emit().catch(emit).catch(() => ({ msg: 'Message not sent.' }));
    setPending((list) => list.filter((p) => p.tempId !== tempId));
    if ('msg' in result) return result.msg;
    addMessage(qc, result);
    return null;
  };

  const pin = (messageId: string) =>
    togglePin(conversationId, messageId).then((update) => applyPin(qc, update)).catch((error) => console.error('Failed to pin message', error));

  // Edit and unsend: the answer is the message's new state; the other devices hear it as an event.
  const edit = async (m: Message, text: string): Promise<string | null> => {
    try {
      replaceMessage(qc, await editMessage(m, text));
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };
  const unsend = (m: Message) => {
    setChangeError(null);
    unsendMessage(m).then((updated) => replaceMessage(qc, updated)).catch((error: Error) => setChangeError(error.message));
  };

  // A search match is shown in place: older pages are loaded until it is among them (as far back as it takes).
  const jumpTo = async (target: Message) => {
    let result = messagesResult;
    for (let page = 0; page < 200 && !flattenMessages(result.data).some((m) => m._id === target._id) && result.hasNextPage; page++) {
      result = await result.fetchNextPage();
    }
    setHighlightedId(undefined);
    requestAnimationFrame(() => setHighlightedId(target._id));
  };

  const pinned = conversation?.pinnedMessage;
  return (
    <Box display="flex" style={{ flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }}>
      <Group gap="sm" px="md" py="xs" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: '#fff' }}>
        <ActionIcon hiddenFrom="md" variant="subtle" color="gray.8" size="lg" aria-label="Back to conversations" onClick={() => navigate('/chat')}>
          <BackIcon />
        </ActionIcon>
        <Indicator color={online ? 'green.8' : 'gray.5'} position="bottom-end" offset={5} size={11} withBorder disabled={!other._id}>
          <UserAvatar name={other.name} src={other.avatar} radius="xl" />
        </Indicator>
        <Box miw={0}>
          <Text component="h2" fw={700} size="md" m={0} truncate="end">{other.name}</Text>
          {other._id && <Text size="xs" c="dimmed">{online ? 'Online' : 'Offline'}</Text>}
        </Box>
        <ActionIcon ref={searchButton} ml="auto" variant={searching ? 'light' : 'subtle'} color={searching ? 'brand' : 'gray.8'} size="lg"
          aria-label="Search in conversation"
          aria-expanded={searching} onClick={() => setSearching((open) => !open)}>
          <SearchIcon />
        </ActionIcon>
      </Group>
      {searching && (
        <ConversationSearch conversationId={conversationId} onJump={(m) => void jumpTo(m)} onClose={closeSearch} />
      )}
      {pinned && (
        <Paper radius={0} px="md" py={6} bg="yellow.0" style={{ borderBottom: '1px solid var(--mantine-color-yellow-3)' }} data-testid="pin-banner">
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Group gap={6} wrap="nowrap" miw={0} flex={1}>
              <PinIcon size={16} />
              <Text size="sm" truncate="end">
                <Text span fw={600}>Pinned · {pinned.sender.name}:</Text> {pinned.text}
              </Text>
            </Group>
            <Button size="compact-sm" variant="subtle" color="dark" style={{ flexShrink: 0 }} onClick={() => void pin(pinned._id)}>Unpin</Button>
          </Group>
        </Paper>
      )}
      <MessageList
        messages={messages}
        pending={pending}
        myId={myId}
        pinnedId={pinned?._id}
        loadingOlder={messagesResult.isFetchingNextPage || messagesResult.isPending}
        hasOlder={Boolean(messagesResult.hasNextPage)}
        onLoadOlder={() => void messagesResult.fetchNextPage()}
        onTogglePin={(m) => void pin(m._id)}
        onEdit={edit}
        onUnsend={unsend}
        highlightedId={highlightedId}
      />
      {changeError && <Text size="sm" c="red.8" px="md" role="alert">{changeError}</Text>}
      <Text size="sm" c="dimmed" fs="italic" px="md" h={22} aria-live="polite" style={{ background: 'var(--mantine-color-gray-0)' }}>
        {typist ? `${typist.userName} is typing...` : ''}
      </Text>
      <Composer conversationId={conversationId} onSend={send} />
    </Box>
  );
}
