import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { MESSAGE_MAX_LENGTH } from '../../../../common/chat.ts';
import { TYPING_IDLE_MS } from '../../../../common/constants.ts';
import { getSocket } from '../../../lib/socket.ts';
import { EmojiButton } from './EmojiButton.tsx';
import { SendIcon } from './icons.tsx';

type Props = {
  conversationId: string;
  /** Sends the text; resolves with an error message to show, or null when it was stored. */
  onSend: (text: string) => Promise<string | null>;
};

/** Enter sends, Shift+Enter makes a new line; typing is announced and stops after 2 seconds idle. */
export function Composer({ conversationId, onSend }: Props) {
  const [text, setText] = useState('');
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

  const send = async () => {
    const trimmed = text.trim();
    // The spec: blank or whitespace-only text is not sent.
    if (!trimmed) return;
    stopTyping();
    setText('');
    setError(null);
    const failure = await onSend(trimmed);
    if (failure) {
      setError(failure);
      // Nothing typed since? Give the text back so it is not lost.
      setText((current) => current || trimmed);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
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
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <EmojiButton onPick={insertEmoji} />
        <Textarea
          ref={input}
          flex={1}
          aria-label="Message"
          placeholder="Type a message..."
          autosize
          minRows={1}
          maxRows={5}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (e.currentTarget.value) noteTyping();
            else stopTyping();
          }}
          onKeyDown={onKeyDown}
          onBlur={stopTyping}
        />
        <ActionIcon size="lg" aria-label="Send message" onClick={() => void send()} disabled={!text.trim()}>
          <SendIcon />
        </ActionIcon>
      </Group>
    </div>
  );
}
