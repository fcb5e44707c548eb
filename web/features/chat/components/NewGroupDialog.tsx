// "New group" in /chat: name it, pick 2 to 11 colleagues with the picker, and start it (docs/decisions/0230).
import { useState, type FormEvent } from 'react';
import { Button, CloseButton, Group, Modal, Pill, Stack, Text, TextInput } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { GROUP_MAX_OTHERS, GROUP_MIN_OTHERS, type Recipient } from '../../../../common/chat.ts';
import { startGroup } from '../api.ts';
import { MemberPicker } from './MemberPicker.tsx';

const m = withValues(defineMessages({
  title: { id: 'chat.newGroup.title', defaultMessage: 'New group', description: 'Title of the dialog that starts a group conversation' },
  name: { id: 'chat.newGroup.name', defaultMessage: 'Group name', description: 'Label of the group conversation name field' },
  nameHint: { id: 'chat.newGroup.nameHint', defaultMessage: 'Optional: without one, the members\' names stand for it.', description: 'Help under the group name field' },
  chosen: { id: 'chat.newGroup.chosen', defaultMessage: 'Members ({count} of {max})', description: 'Heading of the chosen members; count chosen so far, max allowed' },
  remove: { id: 'chat.newGroup.remove', defaultMessage: 'Remove {name}', description: 'Button removing a chosen member before the group is made' },
  howMany: {
    id: 'chat.newGroup.howMany', defaultMessage: 'Choose {min} to {max} colleagues.',
    description: 'Reminder of how many members a new group needs',
  },
  create: { id: 'chat.newGroup.create', defaultMessage: 'Start group', description: 'Button that makes the group conversation' },
  close: { id: 'chat.newGroup.close', defaultMessage: 'Close', description: 'Accessible name of the dialog close button' },
}));

type Props = { opened: boolean; onClose: () => void; onOpened: (conversationId: string) => void };

export function NewGroupDialog({ opened, onClose, onOpened }: Props) {
  const intl = useIntl();
  const [title, setTitle] = useState('');
  const [chosen, setChosen] = useState<Recipient[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setTitle('');
    setChosen([]);
    setError(null);
    onClose();
  };
  const enough = chosen.length >= GROUP_MIN_OTHERS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!enough) return setError(intl.formatMessage(m.howMany, { min: GROUP_MIN_OTHERS, max: GROUP_MAX_OTHERS }));
    setSaving(true);
    setError(null);
    startGroup(chosen.map((r) => r._id), title.trim() || null)
      .then(({ _id }) => {
        close();
        onOpened(_id);
      })
      .catch((e: Error) => setError(e.message))
      .finally(() => setSaving(false));
  };

  return (
    <Modal opened={opened} onClose={close} title={intl.formatMessage(m.title)} size="md" closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={intl.formatMessage(m.name)} description={intl.formatMessage(m.nameHint)} maxLength={80} data-autofocus
            value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
          <div>
            <Text size="sm" fw={500} id="new-group-members">{intl.formatMessage(m.chosen, { count: chosen.length, max: GROUP_MAX_OTHERS })}</Text>
            <Group gap={6} mt={4} component="ul" aria-labelledby="new-group-members" p={0} m={0} style={{ listStyle: 'none' }}>
              {chosen.map((r) => (
                <li key={r._id}>
                  <Pill size="md" data-testid="chosen-member">
                    <Group gap={2} wrap="nowrap">
                      {r.name}
                      <CloseButton size="xs" aria-label={intl.formatMessage(m.remove, { name: r.name })}
                        onClick={() => setChosen((list) => list.filter((x) => x._id !== r._id))} />
                    </Group>
                  </Pill>
                </li>
              ))}
            </Group>
          </div>
          <MemberPicker exclude={new Set(chosen.map((r) => r._id))} disabled={chosen.length >= GROUP_MAX_OTHERS}
            onPick={(r) => setChosen((list) => (list.some((x) => x._id === r._id) ? list : [...list, r]))} />
          {error && <Text size="sm" c="red.8" role="alert">{error}</Text>}
          <Text size="xs" c="dimmed">{intl.formatMessage(m.howMany, { min: GROUP_MIN_OTHERS, max: GROUP_MAX_OTHERS })}</Text>
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>{intl.formatMessage(m.create)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
