import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ActionIcon, Center, Loader, Text } from '@mantine/core';
import type { Message, MessageStatus } from '../../../../common/chat.ts';
import { MESSAGE_REMOVED } from '../../../../common/moderation.ts';
import { ReportButton } from '../../../components/ReportButton.tsx';
import { PinIcon } from './icons.tsx';
import { changeable, MessageEditor, OwnMessageMenu } from './OwnMessage.tsx';

export type PendingMessage = { tempId: string; text: string };

type Props = {
  messages: Message[];
  pending: PendingMessage[];
  myId: string;
  pinnedId?: string;
  loadingOlder: boolean;
  hasOlder: boolean;
  onLoadOlder: () => void;
  onTogglePin: (message: Message) => void;
  /** The sender's own changes: each resolves with an error message to show, or null. */
  onEdit: (message: Message, text: string) => Promise<string | null>;
  onUnsend: (message: Message) => void;
  /** A message found by search: scrolled into view and marked. */
  highlightedId?: string;
};

// Within this distance of the top, the next older page is fetched; of the bottom, new messages keep the view pinned there.
const LOAD_OLDER_PX = 120;
const NEAR_BOTTOM_PX = 150;

/** Where the reader is in the list, to keep their place when it changes. */
function place(el: HTMLDivElement, firstId: string, lastId: string) {
  return {
    firstId, lastId, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop,
    nearBottom: el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX,
  };
}

export function MessageList(props: Props) {
  const { messages, pending, myId, pinnedId, loadingOlder, hasOlder, onLoadOlder, onTogglePin, onEdit, onUnsend, highlightedId } = props;
  const box = useRef<HTMLDivElement>(null);
  const before = useRef({ firstId: '', lastId: '', scrollHeight: 0, scrollTop: 0, nearBottom: true });
  const firstId = messages[0]?._id ?? '';
  const lastId = messages.at(-1)?._id ?? '';
  const lastIsMine = messages.at(-1)?.sender._id === myId;
  const pendingCount = pending.length;

  // Keeps the reader's place: at the bottom on opening and for new messages (if they were there, or it is their own),
  // and still on the same message when an older page is added above. Only the ends of the list matter, not every render.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const prev = before.current;
    const prepended = prev.firstId && firstId !== prev.firstId && lastId === prev.lastId;
    if (prepended) el.scrollTop = el.scrollHeight - prev.scrollHeight + prev.scrollTop;
    else if (!prev.lastId || prev.nearBottom || lastIsMine || pendingCount) el.scrollTop = el.scrollHeight;
    before.current = place(el, firstId, lastId);
  }, [firstId, lastId, lastIsMine, pendingCount]);

  // A message found by search is brought to the middle of the view once it is on the page.
  useEffect(() => {
    if (!highlightedId) return;
    box.current?.querySelector(`[data-message-id="${highlightedId}"]`)?.scrollIntoView({ block: 'center' });
  }, [highlightedId]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    before.current = place(el, firstId, lastId);
    if (el.scrollTop < LOAD_OLDER_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <div ref={box} className="chat-messages" onScroll={onScroll} tabIndex={0} role="log" aria-label="Messages" aria-live="polite">
      {loadingOlder && <Center py="xs"><Loader size="xs" role="status" aria-label="Loading older messages" /></Center>}
      {!hasOlder && messages.length > 0 && <Text size="xs" c="dimmed" ta="center" mb="sm">Start of the conversation</Text>}
      {messages.length === 0 && pending.length === 0 && <Text c="dimmed" ta="center" mt="xl">No messages yet. Say hello!</Text>}
      {messages.map((m) => m.kind === 'system' ? <SystemLine key={m._id} message={m} /> : (
        <MessageItem key={m._id} message={m} mine={m.sender._id === myId} pinned={m._id === pinnedId} onTogglePin={onTogglePin}
          onEdit={onEdit} onUnsend={onUnsend} highlighted={m._id === highlightedId} />
      ))}
      {pending.map((p) => (
        <div key={p.tempId} className="chat-message" data-mine data-pending>
          <div className="chat-bubble">{p.text}</div>
          <div className="chat-meta">Sending...</div>
        </div>
      ))}
    </div>
  );
}

type ItemProps = Pick<Props, 'onTogglePin' | 'onEdit' | 'onUnsend'> & { message: Message; mine: boolean; pinned: boolean; highlighted: boolean };

function MessageItem({ message, mine, pinned, highlighted, onTogglePin, onEdit, onUnsend }: ItemProps) {
  const [editing, setEditing] = useState(false);
  const time = new Date(message.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const unsent = Boolean(message.unsentAt);
  const removed = unsent || message.text === MESSAGE_REMOVED;
  return (
    <div className="chat-message" data-mine={mine || undefined} data-testid="message" data-message-id={message._id}
      data-unsent={unsent || undefined} data-highlighted={highlighted || undefined}>
      {editing
        ? <MessageEditor message={message} onSave={(text) => onEdit(message, text)} onDone={() => setEditing(false)} />
        : <div className="chat-bubble">{unsent ? MESSAGE_REMOVED : message.text}</div>}
      <div className="chat-meta">
        <time dateTime={message.createdAt}>{time}</time>
        {message.editedAt && !unsent && <span title={`Edited ${new Date(message.editedAt).toLocaleString()}`}>edited</span>}
        {mine && <Ticks status={message.status} />}
        {!removed && (
          <ActionIcon className="chat-pin-action" variant="subtle" color="gray.7" size="sm" aria-pressed={pinned}
            aria-label={pinned ? 'Unpin message' : 'Pin message'} onClick={() => onTogglePin(message)}>
            <PinIcon size={14} />
          </ActionIcon>
        )}
        {mine && !editing && changeable(message) && <OwnMessageMenu onEdit={() => setEditing(true)} onUnsend={() => onUnsend(message)} />}
        {!mine && !removed && (
          <ReportButton targetType="message" targetId={message._id} what={`message from ${message.sender.name}`} />
        )}
      </div>
    </div>
  );
}

/** A line the app wrote (a referral accepted): centred grey text, not a bubble, with nothing to pin or report. */
function SystemLine({ message }: { message: Message }) {
  return (
    <div className="chat-system-line" data-testid="system-message">
      <Text size="sm" c="gray.7" ta="center">{message.text}</Text>
      <Text size="xs" c="gray.7" ta="center"><time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time></Text>
    </div>
  );
}

const TICKS: Record<MessageStatus, { marks: string; label: string }> = {
  sent: { marks: '✓', label: 'Sent' },
  delivered: { marks: '✓✓', label: 'Delivered' },
  read: { marks: '✓✓', label: 'Read' },
};

/** Sent: one tick; delivered: two; read: two in blue. The label says it for those who cannot see the ticks. */
function Ticks({ status }: { status: MessageStatus }) {
  const { marks, label } = TICKS[status];
  return <span className="chat-ticks" data-status={status} role="img" aria-label={label} title={label}>{marks}</span>;
}
