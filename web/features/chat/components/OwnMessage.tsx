// The sender's own message within 15 minutes of sending: a menu (Edit, Unsend) shown on hover or focus,
// and an inline editor (Enter or Save saves, Escape or Cancel cancels).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, Menu, Text, Textarea } from '@mantine/core';
import { EDIT_WINDOW_MS, MESSAGE_MAX_LENGTH, type Message } from '../../../../common/chat.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';

/** Whether the sender may still change it (the server decides; this only hides what it would refuse). */
export const changeable = (m: Message, now = Date.now()) =>
  m.kind === 'text' && !m.unsentAt && now - new Date(m.createdAt).getTime() < EDIT_WINDOW_MS;

const UNSEND_CONFIRMATION = 'Unsend this message? It is removed for both of you and cannot be brought back.';

type MenuProps = { onEdit: () => void; onUnsend: () => void };

export function OwnMessageMenu({ onEdit, onUnsend }: MenuProps) {
  const confirm = useConfirm();
  const unsend = async () => {
    if (await confirm({ title: 'Unsend message', message: UNSEND_CONFIRMATION, confirmLabel: 'Unsend' })) onUnsend();
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon className="chat-message-action" variant="subtle" color="gray.7" size="sm" aria-label="Message actions">
          <span aria-hidden="true">⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEdit}>Edit</Menu.Item>
        <Menu.Item color="red.8" onClick={() => void unsend()}>Unsend</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

type EditorProps = {
  message: Message;
  /** Saves the text; resolves with an error message to show, or null when it was saved. */
  onSave: (text: string) => Promise<string | null>;
  onDone: () => void;
};

export function MessageEditor({ message, onSave, onDone }: EditorProps) {
  const [text, setText] = useState(message.text);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const save = async () => {
    const trimmed = text.trim();
    if (!trimmed) return setError('Message cannot be empty.');
    if (trimmed === message.text) return onDone();
    setSaving(true);
    const failure = await onSave(trimmed);
    setSaving(false);
    if (failure) setError(failure);
    else onDone();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onDone();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <div className="chat-editor">
      <Textarea ref={input} label="Edit message" size="sm" autosize minRows={1} maxRows={6} maxLength={MESSAGE_MAX_LENGTH}
        value={text} onChange={(e) => setText(e.currentTarget.value)} onKeyDown={onKeyDown} error={error ?? undefined} />
      <Group gap="xs" justify="flex-end" mt={4}>
        <Text size="xs" c="dimmed">Enter saves, Escape cancels</Text>
        <Button size="compact-sm" variant="default" onClick={onDone}>Cancel</Button>
        <Button size="compact-sm" loading={saving} onClick={() => void save()}>Save</Button>
      </Group>
    </div>
  );
}
