import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Group, Paper, Text, Textarea, UnstyledButton } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { MESSAGE_MAX_LENGTH } from '../../../../common/chat.ts';
import { TYPING_IDLE_MS } from '../../../../common/constants.ts';
import { getSocket } from '../../../lib/socket.ts';
import { AttachButton } from '../../../components/files/AttachButton.tsx';
import { UploadList } from '../../../components/files/UploadList.tsx';
import { pastedFiles } from '../../../components/files/useFileDrop.ts';
import type { Uploads } from '../../../components/files/useUploads.ts';
import { EmojiButton } from './EmojiButton.tsx';
import { SendIcon } from './icons.tsx';
import { matchingMembers, mentionQuery, withMentions, type Member } from './mentionDraft.ts';

const m = withValues(defineMessages({
  message: { id: 'chat.composer.message', defaultMessage: 'Message', description: 'Accessible name of the message field' },
  placeholder: { id: 'chat.composer.placeholder', defaultMessage: 'Type a message...', description: 'Placeholder of the message field' },
  send: { id: 'chat.composer.send', defaultMessage: 'Send message', description: 'Button sending the message' },
  mentions: { id: 'chat.composer.mentions', defaultMessage: 'Members to mention', description: 'Accessible name of the list of members matching an @ being typed' },
}));

type Props = {
  conversationId: string;
  /** Sends the text and files; resolves with an error message to show, or null when it was stored. */
  onSend: (text: string, attachmentIds: string[]) => Promise<string | null>;
  /** The files chosen for this message (the conversation also takes dropped ones). */
  uploads: Uploads;
  /** In a group, the other members: "@" and a few letters offers them to mention. */
  members?: Member[];
};

/**
 * Enter sends, Shift+Enter makes a new line; typing is announced and stops after 2 seconds idle. Files come by the
 * paperclip, a drop on the conversation or a pasted image; the message waits until they have uploaded.
 */
export function Composer({ conversationId, onSend, uploads, members }: Props) {
  const intl = useIntl();
  const [text, setText] = useState('');
  // Members chosen from the list for this draft, and the list itself while an "@word" is being typed.
  const [chosen, setChosen] = useState<Member[]>([]);
  const [mention, setMention] = useState<{ start: number; query: string; active: number } | null>(null);
  const offered = mention && members ? matchingMembers(members, mention.query) : [];
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const typing = useRef({ active: false, lastSent: 0, idle: undefined as ReturnType<typeof setTimeout> | undefined });

  const stopTyping = useCallback(() => {
    const t = typing.current;
    clearTimeout(t.idle);
    if (t.active) getSocket().emit('stopTyping', { conversationId });
    t.active = false;
  }, [conversationId]);
  // Re-announced every idle period while typing goes on, so someone who opens the conversation midway sees it too.
  const noteTyping = () => {
    const t = typing.current;
    if (!t.active || Date.now() - t.lastSent > TYPING_IDLE_MS) {
      getSocket().emit('typing', { conversationId });
      t.lastSent = Date.now();
    }
    t.active = true;
    clearTimeout(t.idle);
    t.idle = setTimeout(stopTyping, TYPING_IDLE_MS);
  };
  // Leaving the conversation (or the page) ends any typing announced in it.
  useEffect(() => stopTyping, [stopTyping]);

  const files = uploads.ready;
  const canSend = !uploads.busy && (Boolean(text.trim()) || files.length > 0);
  const send = async () => {
    const trimmed = text.trim();
    // The spec: blank or whitespace-only text is not sent (a message of files alone is).
    if (!canSend) return;
    stopTyping();
    setText('');
    setError(null);
    setMention(null);
    const failure = await onSend(withMentions(trimmed, chosen), files.map((f) => f._id));
    if (!failure) setChosen([]);
    if (failure) {
      setError(failure);
      // Nothing typed since? Give the text back so it is not lost.
      setText((current) => current || trimmed);
    } else if (files.length) uploads.clear();
  };

  const choose = (member: Member) => {
    if (!mention) return;
    const caret = mention.start + mention.query.length + 1;
    const inserted = `@${member.name} `;
    setText(text.slice(0, mention.start) + inserted + text.slice(caret));
    setChosen((list) => (list.some((c) => c._id === member._id) ? list : [...list, member]));
    setMention(null);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(mention.start + inserted.length, mention.start + inserted.length);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention && offered.length) {
      const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (move) {
        event.preventDefault();
        return setMention({ ...mention, active: (mention.active + move + offered.length) % offered.length });
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        return choose(offered[Math.min(mention.active, offered.length - 1)]);
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        return setMention(null);
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const insertEmoji = (emoji: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    <div style={{ borderTop: '1px solid var(--mantine-color-gray-3)', padding: '8px 12px', background: '#fff' }}>
      {error && <Text size="sm" c="red.9" role="alert" mb={4}>{error}</Text>}
      {uploads.notice && <Text size="sm" c="red.9" role="alert" mb={4}>{uploads.notice}</Text>}
      <UploadList uploads={uploads.uploads} onRemove={uploads.remove} />
      {offered.length > 0 && mention && (
        <Paper withBorder shadow="sm" p={4} mb={4} maw={320}>
          <ul id={`mentions-${conversationId}`} role="listbox" aria-label={intl.formatMessage(m.mentions)} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {offered.map((member, i) => (
              <li key={member._id} id={`mention-${member._id}`} role="option" aria-selected={i === mention.active}>
                <UnstyledButton w="100%" px="xs" py={4} tabIndex={-1} data-testid="mention-option"
                  style={{ borderRadius: 4, background: i === mention.active ? 'var(--mantine-color-gray-2)' : undefined }}
                  onMouseDown={(event) => event.preventDefault()} onClick={() => choose(member)}>
                  <Text size="sm">{member.name}</Text>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        </Paper>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <AttachButton onPick={uploads.add} />
        <EmojiButton onPick={insertEmoji} />
        <Textarea
          ref={input}
          flex={1}
          aria-label={intl.formatMessage(m.message)}
          placeholder={intl.formatMessage(m.placeholder)}
          aria-controls={offered.length ? `mentions-${conversationId}` : undefined}
          aria-activedescendant={offered.length && mention ? `mention-${offered[Math.min(mention.active, offered.length - 1)]._id}` : undefined}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            const found = members ? mentionQuery(e.currentTarget.value, e.currentTarget.selectionStart) : null;
            setMention(found ? { ...found, active: 0 } : null);
            if (e.currentTarget.value) noteTyping();
            else stopTyping();
          }}
          onKeyDown={onKeyDown}
          onPaste={(event) => {
            const pasted = pastedFiles(event.clipboardData);
            if (!pasted.length) return;
            event.preventDefault();
            uploads.add(pasted);
          }}
          onBlur={stopTyping}
        />
        <ActionIcon size="lg" aria-label={intl.formatMessage(m.send)} onClick={() => void send()} disabled={!canSend}>
          <SendIcon />
        </ActionIcon>
      </Group>
    </div>
  );
}
