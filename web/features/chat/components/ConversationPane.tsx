import { MESSAGE_ATTACHMENTS_MAX } from '../../../../common/files.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Conversation, Message } from '../../../../common/chat.ts';
import { outboxFor, useOutbox } from '../../../lib/outbox.ts';
import { getSocket } from '../../../lib/socket.ts';
import { addMessage, applyPin, editMessage, flattenMessages, messagesQuery, replaceMessage, togglePin, unsendMessage } from '../api.ts';
import { useTypist } from '../stores.ts';
import { plainMentions } from '../../../../common/mentions.ts';
import { conversationImages } from '../attachments.ts';
import { ImageViewer } from '../../../components/files/ImageViewer.tsx';
import { useFileDrop } from '../../../components/files/useFileDrop.ts';
import { useUploads } from '../../../components/files/useUploads.ts';
import { Composer } from './Composer.tsx';
import { ConversationFiles } from './ConversationFiles.tsx';
import { ConversationSearch } from './ConversationSearch.tsx';
import { ConversationHeader } from './ConversationHeader.tsx';
import { GroupInfo } from './GroupInfo.tsx';
import { PinIcon } from './icons.tsx';
import { MessageList, type PendingMessage } from './MessageList.tsx';

const m = withValues(defineMessages({
  pinned: { id: 'chat.pane.pinned', defaultMessage: 'Pinned · {name}:', description: 'Start of the pinned message banner; name is its sender' },
  unpin: { id: 'chat.pane.unpin', defaultMessage: 'Unpin', description: 'Button removing the pinned message' },
  typing: { id: 'chat.pane.typing', defaultMessage: '{name} is typing...', description: 'Someone in the conversation is typing' },
}));

type Props = { conversationId: string; conversation?: Conversation; myId: string };

export function ConversationPane({ conversationId, conversation, myId }: Props) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const messagesResult = useInfiniteQuery(messagesQuery(conversationId));
  const messages = flattenMessages(messagesResult.data);
  const waiting = useOutbox(myId, conversationId);
  const pending = useMemo<PendingMessage[]>(() => waiting.map((w) => ({ tempId: w.clientMessageId, text: w.text, files: w.attachmentIds?.length ?? 0 })), [waiting]);
  const intl = useIntl();
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
  // Files for the next message (the server takes at most 5 on one), the image open in the viewer, the Files panel.
  const uploads = useUploads({ max: MESSAGE_ATTACHMENTS_MAX });
  const drop = useFileDrop(uploads.add);
  const [viewing, setViewing] = useState<string | null>(null);
  const [showFiles, setShowFiles] = useState(false);
  const [showInfo, setShowInfo] = useState(false);

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

  // Through the outbox (web/lib/outbox.ts): kept on this device until the server has it, so a message written offline
  // or while the socket is down waits ("Waiting for connection"), survives a reload, and goes once.
  const send = async (text: string, attachmentIds: string[]): Promise<string | null> => {
    const result = await outboxFor(myId).queue({ conversationId, text, ...(attachmentIds.length ? { attachmentIds } : {}) });
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
    <Box display="flex" className="file-drop" data-dragging={drop.dragging || undefined} {...drop.handlers}
      style={{ flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }}>
      <ConversationHeader conversation={conversation} myId={myId} searching={searching} searchButton={searchButton}
        onBack={() => navigate('/chat')} onToggleSearch={() => setSearching((open) => !open)} onShowFiles={() => setShowFiles(true)}
        onShowInfo={() => setShowInfo(true)} />
      {conversation?.isGroup && (
        <GroupInfo opened={showInfo} onClose={() => setShowInfo(false)} conversation={conversation} myId={myId}
          onLeft={() => navigate('/chat', { replace: true })} />
      )}
      <ConversationFiles opened={showFiles} onClose={() => setShowFiles(false)} messages={messages} onOpenImage={setViewing}
        hasOlder={Boolean(messagesResult.hasNextPage)} loadingOlder={messagesResult.isFetchingNextPage} onLoadOlder={() => void messagesResult.fetchNextPage()} />
      <ImageViewer images={conversationImages(messages)} openId={viewing} onChange={setViewing} />
      {searching && (
        <ConversationSearch conversationId={conversationId} onJump={(m) => void jumpTo(m)} onClose={closeSearch} />
      )}
      {pinned && (
        <Paper radius={0} px="md" py={6} bg="yellow.0" style={{ borderBottom: '1px solid var(--mantine-color-yellow-3)' }} data-testid="pin-banner">
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Group gap={6} wrap="nowrap" miw={0} flex={1}>
              <PinIcon size={16} />
              <Text size="sm" truncate="end">
                <Text span fw={600}>{intl.formatMessage(m.pinned, { name: pinned.sender.name })}</Text> {plainMentions(pinned.text)}
              </Text>
            </Group>
            <Button size="compact-sm" variant="subtle" color="dark" style={{ flexShrink: 0 }} onClick={() => void pin(pinned._id)}>{intl.formatMessage(m.unpin)}</Button>
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
        onOpenImage={setViewing}
        isGroup={Boolean(conversation?.isGroup)}
        members={conversation?.participants ?? []}
      />
      {changeError && <Text size="sm" c="red.8" px="md" role="alert">{changeError}</Text>}
      <Text size="sm" c="dimmed" fs="italic" px="md" h={22} aria-live="polite" style={{ background: 'var(--mantine-color-gray-0)' }}>
        {typist ? intl.formatMessage(m.typing, { name: typist.userName }) : ''}
      </Text>
      <Composer conversationId={conversationId} onSend={send} uploads={uploads}
        members={conversation?.isGroup ? conversation.participants.filter((p) => p._id !== myId) : undefined} />
    </Box>
  );
}

