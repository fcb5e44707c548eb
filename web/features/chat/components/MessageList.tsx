import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useOnline } from '../../../components/AppNotices.tsx';
import { ActionIcon, Center, Loader, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import type { Message, MessageStatus } from '../../../../common/chat.ts';
import { MESSAGE_REMOVED } from '../../../../common/moderation.ts';
import { ReportButton } from '../../../components/ReportButton.tsx';
import { Attachments } from '../../../components/files/Attachments.tsx';
import { attachmentsOf } from '../attachments.ts';
import { systemLineText } from '../system-line.ts';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import { PinIcon } from './icons.tsx';
import { MessageText } from './MessageText.tsx';
import { Receipts } from './Receipts.tsx';
import { changeable, MessageEditor, OwnMessageMenu } from './OwnMessage.tsx';

/** A message on its way; `files`: how many files it carries. */
export type PendingMessage = { tempId: string; text: string; files: number };

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
  /** An image thumbnail was pressed: the viewer opens on it. */
  onOpenImage: (fileId: string) => void;
  /** A group: each message names its sender, and the reader's own show receipts as counts. */
  isGroup?: boolean;
  members?: { _id: string; name: string }[];
};

const m = withValues(defineMessages({
  loadingOlder: { id: 'chat.messages.loadingOlder', defaultMessage: 'Loading older messages', description: 'Accessible name of the spinner while older messages load' },
  start: { id: 'chat.messages.start', defaultMessage: 'Start of the conversation', description: 'Shown above the first message of a conversation' },
  empty: { id: 'chat.messages.empty', defaultMessage: 'No messages yet. Say hello!', description: 'A conversation without messages' },
  log: { id: 'chat.messages.log', defaultMessage: 'Messages', description: 'Accessible name of the message list' },
  files: { id: 'chat.messages.files', defaultMessage: '{count, plural, one {# file} other {# files}}', description: 'A message being sent with files' },
  sending: { id: 'chat.messages.sending', defaultMessage: 'Sending...', description: 'A message on its way' },
  waiting: { id: 'chat.messages.waiting', defaultMessage: 'Waiting for connection', description: 'A message waiting for the device to be online' },
  edited: { id: 'chat.messages.edited', defaultMessage: 'edited', description: 'Marks an edited message' },
  editedAt: { id: 'chat.messages.editedAt', defaultMessage: 'Edited {when}', description: 'Tooltip with when a message was edited' },
  pin: { id: 'chat.messages.pin', defaultMessage: 'Pin message', description: 'Button pinning a message' },
  unpin: { id: 'chat.messages.unpin', defaultMessage: 'Unpin message', description: 'Button unpinning the pinned message' },
  reportWhat: { id: 'chat.messages.reportWhat', defaultMessage: 'message from {name}', description: 'What the report button reports ("Report message from Ana")' },
  sent: { id: 'chat.ticks.sent', defaultMessage: 'Sent', description: 'One tick: the message reached the server' },
  delivered: { id: 'chat.ticks.delivered', defaultMessage: 'Delivered', description: 'Two ticks: the other person\'s device received it' },
  read: { id: 'chat.ticks.read', defaultMessage: 'Read', description: 'Two blue ticks: the other person read it' },
}));

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
  const { messages, pending, myId, pinnedId, loadingOlder, hasOlder, onLoadOlder, onTogglePin, onEdit, onUnsend, highlightedId, onOpenImage } = props;
  const intl = useIntl();
  const names = new Map((props.members ?? []).map((p) => [p._id, p.name]));
  const group = props.isGroup ?? false;
  const box = useRef<HTMLDivElement>(null);
  const before = useRef({ firstId: '', lastId: '', scrollHeight: 0, scrollTop: 0, nearBottom: true });
  const firstId = messages[0]?._id ?? '';
  const lastId = messages.at(-1)?._id ?? '';
  const lastIsMine = messages.at(-1)?.sender._id === myId;
  const pendingCount = pending.length;
  const online = useOnline();

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
    <div ref={box} className="chat-messages" onScroll={onScroll} tabIndex={0} role="log" aria-label={intl.formatMessage(m.log)} aria-live="polite">
      {loadingOlder && <Center py="xs"><Loader size="xs" role="status" aria-label={intl.formatMessage(m.loadingOlder)} /></Center>}
      {!hasOlder && messages.length > 0 && <Text size="xs" c="dimmed" ta="center" mb="sm">{intl.formatMessage(m.start)}</Text>}
      {messages.length === 0 && pending.length === 0 && <Text c="dimmed" ta="center" mt="xl">{intl.formatMessage(m.empty)}</Text>}
      {messages.map((message, i) => message.kind === 'system' ? <SystemLine key={message._id} message={message} names={names} /> : (
        <MessageItem key={message._id} message={message} mine={message.sender._id === myId} myId={myId} pinned={message._id === pinnedId}
          onTogglePin={onTogglePin} onEdit={onEdit} onUnsend={onUnsend} highlighted={message._id === highlightedId} onOpenImage={onOpenImage}
          group={group} names={names} showSender={group && sendersDiffer(messages[i - 1], message)} />
      ))}
      {pending.map((p) => (
        <div key={p.tempId} className="chat-message" data-mine data-pending>
          {p.text && <div className="chat-bubble">{p.text}</div>}
          {p.files > 0 && <div className="chat-bubble">{intl.formatMessage(m.files, { count: p.files })}</div>}
          <div className="chat-meta">{intl.formatMessage(online ? m.sending : m.waiting)}</div>
        </div>
      ))}
    </div>
  );
}

/** In a group, a run of messages from one sender is named once, at its start. */
const sendersDiffer = (before: Message | undefined, message: Message) => !before || before.kind === 'system' || before.sender._id !== message.sender._id;

type ItemProps = Pick<Props, 'onTogglePin' | 'onEdit' | 'onUnsend' | 'onOpenImage' | 'myId'> & {
  message: Message; mine: boolean; pinned: boolean; highlighted: boolean; group: boolean; names: ReadonlyMap<string, string>; showSender: boolean;
};

function MessageItem({ message, mine, myId, pinned, highlighted, onTogglePin, onEdit, onUnsend, onOpenImage, group, names, showSender }: ItemProps) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const time = intl.formatTime(message.createdAt, { hour: '2-digit', minute: '2-digit' });
  const unsent = Boolean(message.unsentAt);
  const removed = unsent || message.text === MESSAGE_REMOVED;
  return (
    <div className="chat-message" data-mine={mine || undefined} data-testid="message" data-message-id={message._id}
      data-unsent={unsent || undefined} data-highlighted={highlighted || undefined}>
      {showSender && !mine && <div className="chat-sender">{message.sender.name}</div>}
      {editing
        ? <MessageEditor message={message} onSave={(text) => onEdit(message, text)} onDone={() => setEditing(false)} />
        : (unsent || message.text) && <div className="chat-bubble">{unsent ? MESSAGE_REMOVED : <MessageText text={message.text} myId={myId} />}</div>}
      <Attachments files={attachmentsOf(message)} onOpenImage={onOpenImage} />
      <div className="chat-meta">
        <time dateTime={message.createdAt}>{time}</time>
        {message.editedAt && !unsent && (
          <span title={intl.formatMessage(m.editedAt, { when: new Date(message.editedAt).toLocaleString(intl.locale) })}>{intl.formatMessage(m.edited)}</span>
        )}
        {mine && (group && message.receipts ? <Receipts receipts={message.receipts} names={names} /> : <Ticks status={message.status} />)}
        {!removed && (
          <ActionIcon className="chat-pin-action" variant="subtle" color="gray.7" size="sm" aria-pressed={pinned}
            aria-label={intl.formatMessage(pinned ? m.unpin : m.pin)} onClick={() => onTogglePin(message)}>
            <PinIcon size={14} />
          </ActionIcon>
        )}
        {mine && !editing && changeable(message) && <OwnMessageMenu onEdit={() => setEditing(true)} onUnsend={() => onUnsend(message)} />}
        {!mine && !removed && (
          <ReportButton targetType="message" targetId={message._id} what={intl.formatMessage(m.reportWhat, { name: message.sender.name })} />
        )}
      </div>
    </div>
  );
}

/**
 * A line the app wrote (a referral accepted, a member added): centred grey text, not a bubble, with nothing to pin or
 * report; said in the reader's language, members by their current names (`names`, the conversation's members).
 */
function SystemLine({ message, names }: { message: Message; names: ReadonlyMap<string, string> }) {
  const intl = useIntl();
  const labels = useOptionLabels();
  const { locale } = intl;
  return (
    <div className="chat-system-line" data-testid="system-message">
      <Text size="sm" c="gray.7" ta="center">{systemLineText(intl, labels, message, names)}</Text>
      <Text size="xs" c="gray.7" ta="center"><time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString(locale)}</time></Text>
    </div>
  );
}

const TICKS: Record<MessageStatus, string> = { sent: '✓', delivered: '✓✓', read: '✓✓' };

/** Sent: one tick; delivered: two; read: two in blue. The label says it for those who cannot see the ticks. */
function Ticks({ status }: { status: MessageStatus }) {
  const marks = TICKS[status];
  const label = useIntl().formatMessage(m[status]);
  return <span className="chat-ticks" data-status={status} role="img" aria-label={label} title={label}>{marks}</span>;
}
