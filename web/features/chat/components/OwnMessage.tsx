// The sender's own message within 15 minutes of sending: a menu (Edit, Unsend) shown on hover or focus,
// and an inline editor (Enter or Save saves, Escape or Cancel cancels).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, Menu, Text, Textarea } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { EDIT_WINDOW_MS, MESSAGE_MAX_LENGTH, type Message } from '../../../../common/chat.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';

/** Whether the sender may still change it (the server decides; this only hides what it would refuse). */
export const changeable = (m: Message, now = Date.now()) =>
  m.kind === 'text' && !m.unsentAt && now - new Date(m.createdAt).getTime() < EDIT_WINDOW_MS;

const m = withValues(defineMessages({
  unsendTitle: { id: 'chat.own.unsendTitle', defaultMessage: 'Unsend message', description: 'Title of the confirmation before unsending one\'s own message' },
  unsendQuestion: { id: 'chat.own.unsendQuestion', defaultMessage: 'Unsend this message? It is removed for both of you and cannot be brought back.', description: 'Confirmation before unsending one\'s own message' },
  unsend: { id: 'chat.own.unsend', defaultMessage: 'Unsend', description: 'Menu item and confirm button: take back one\'s own message (within 15 minutes)' },
  actions: { id: 'chat.own.actions', defaultMessage: 'Message actions', description: 'Accessible name of the menu button on one\'s own message' },
  edit: { id: 'chat.own.edit', defaultMessage: 'Edit', description: 'Menu item: change the text of one\'s own message' },
  empty: { id: 'chat.own.empty', defaultMessage: 'Message cannot be empty.', description: 'Error in the message editor when the text is blank' },
  editLabel: { id: 'chat.own.editLabel', defaultMessage: 'Edit message', description: 'Label of the inline editor of one\'s own message' },
  keys: { id: 'chat.own.keys', defaultMessage: 'Enter saves, Escape cancels', description: 'Hint under the message editor: which keys save and cancel' },
  cancel: { id: 'chat.own.cancel', defaultMessage: 'Cancel', description: 'Button: leave the message editor without saving' },
  save: { id: 'chat.own.save', defaultMessage: 'Save', description: 'Button: save the edited message' },
}));

/** The menu button's sign (its name is the aria-label). */
const ELLIPSIS = '⋯';

type MenuProps = { onEdit: () => void; onUnsend: () => void };

export function OwnMessageMenu({ onEdit, onUnsend }: MenuProps) {
  const intl = useIntl();
  const confirm = useConfirm();
  const unsend = async () => {
    const confirmed = await confirm({
      title: intl.formatMessage(m.unsendTitle), message: intl.formatMessage(m.unsendQuestion), confirmLabel: intl.formatMessage(m.unsend),
    });
    if (confirmed) onUnsend();
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon className="chat-message-action" variant="subtle" color="gray.7" size="sm" aria-label={intl.formatMessage(m.actions)}>
          <span aria-hidden="true">{ELLIPSIS}</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEdit}>{intl.formatMessage(m.edit)}</Menu.Item>
        <Menu.Item color="red.8" onClick={() => void unsend()}>{intl.formatMessage(m.unsend)}</Menu.Item>
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
  const intl = useIntl();
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
    if (!trimmed) return setError(intl.formatMessage(m.empty));
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
      <Textarea ref={input} label={intl.formatMessage(m.editLabel)} size="sm" autosize minRows={1} maxRows={6} maxLength={MESSAGE_MAX_LENGTH}
        value={text} onChange={(e) => setText(e.currentTarget.value)} onKeyDown={onKeyDown} error={error ?? undefined} />
      <Group gap="xs" justify="flex-end" mt={4}>
        <Text size="xs" c="dimmed">{intl.formatMessage(m.keys)}</Text>
        <Button size="compact-sm" variant="default" onClick={onDone}>{intl.formatMessage(m.cancel)}</Button>
        <Button size="compact-sm" loading={saving} onClick={() => void save()}>{intl.formatMessage(m.save)}</Button>
      </Group>
    </div>
  );
}
