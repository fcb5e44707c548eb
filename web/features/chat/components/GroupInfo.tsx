// A group conversation's info panel: its name (any member renames), its members with their presence, adding (the
// creator, or anyone when the creator allows it), removing (the creator) and leaving (anyone). The server decides;
// this only hides what it would refuse. Removing and leaving are confirmed first.
import { useState, type FormEvent } from 'react';
import { Badge, Button, Drawer, Group, Indicator, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import type { Conversation } from '../../../../common/chat.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { addGroupMember, removeConversation, removeGroupMember, renameGroup, upsertConversation } from '../api.ts';
import { useIsOnline } from '../stores.ts';
import { MemberPicker } from './MemberPicker.tsx';

/** A group holds at most 12 members, its creator included (server/lib/group-conversations.ts). */
const MAX_MEMBERS = 12;

const m = withValues(defineMessages({
  title: { id: 'chat.info.title', defaultMessage: 'Group info', description: 'Title of a group conversation\'s info panel' },
  close: { id: 'chat.info.close', defaultMessage: 'Close group info', description: 'Accessible name of the info panel close button' },
  name: { id: 'chat.info.name', defaultMessage: 'Conversation name', description: 'Label of the field renaming a group conversation' },
  rename: { id: 'chat.info.rename', defaultMessage: 'Rename', description: 'Button saving a group conversation\'s new name' },
  members: {
    id: 'chat.info.members', defaultMessage: '{count, plural, one {# member} other {# members}}',
    description: 'Heading of the member list in the info panel',
  },
  you: { id: 'chat.info.you', defaultMessage: '{name} (you)', description: 'The viewer\'s own line in the member list' },
  creator: { id: 'chat.info.creator', defaultMessage: 'Manages', description: 'Badge of the member who manages the group conversation (its creator)' },
  online: { id: 'chat.info.online', defaultMessage: 'Online', description: 'A member is online' },
  offline: { id: 'chat.info.offline', defaultMessage: 'Offline', description: 'A member is offline' },
  remove: { id: 'chat.info.remove', defaultMessage: 'Remove', description: 'Button removing a member from the group conversation' },
  removeLabel: { id: 'chat.info.removeLabel', defaultMessage: 'Remove {name}', description: 'Accessible name of the remove button' },
  removeTitle: { id: 'chat.info.removeTitle', defaultMessage: 'Remove member', description: 'Title of the confirmation before removing a member' },
  removeQuestion: {
    id: 'chat.info.removeQuestion', defaultMessage: 'Remove {name} from this conversation? They will no longer see its messages.',
    description: 'Confirmation before removing a member',
  },
  add: { id: 'chat.info.add', defaultMessage: 'Add a member', description: 'Label of the search that adds a member' },
  full: { id: 'chat.info.full', defaultMessage: 'This conversation has 12 members, the most it can hold.', description: 'Why no member can be added' },
  leave: { id: 'chat.info.leave', defaultMessage: 'Leave conversation', description: 'Button leaving the group conversation' },
  leaveQuestion: {
    id: 'chat.info.leaveQuestion', defaultMessage: 'Leave this conversation? Your copy of its messages goes with you, and only a member can add you again.',
    description: 'Confirmation before leaving a group conversation',
  },
  leaveConfirm: { id: 'chat.info.leaveConfirm', defaultMessage: 'Leave', description: 'Confirm button of leaving' },
}));

type Props = { opened: boolean; onClose: () => void; conversation: Conversation; myId: string; onLeft: () => void };

export function GroupInfo({ opened, onClose, conversation: c, myId, onLeft }: Props) {
  const intl = useIntl();
  const qc = useQueryClient();
  const confirm = useConfirm();
  const phone = useMediaQuery('(max-width: 40em)');
  const [title, setTitle] = useState(c.title ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isCreator = c.creatorId === myId;
  const canAdd = isCreator || c.membersCanAdd;
  // Names in the reader's language's order (« Élise » beside « Eric »), the creator first.
  const { compare } = useOptionLabels();
  const members = [...c.participants].sort((a, b) => Number(b._id === c.creatorId) - Number(a._id === c.creatorId) || compare(a.name, b.name));

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => upsertConversation(qc, await renameGroup(c._id, title.trim() || null)));
  };
  const remove = async (member: { _id: string; name: string }) => {
    const ok = await confirm({
      title: intl.formatMessage(m.removeTitle), message: intl.formatMessage(m.removeQuestion, { name: member.name }), confirmLabel: intl.formatMessage(m.remove),
    });
    if (ok) await run(async () => void (await removeGroupMember(c._id, member._id)));
  };
  const leave = async () => {
    const ok = await confirm({ title: intl.formatMessage(m.leave), message: intl.formatMessage(m.leaveQuestion), confirmLabel: intl.formatMessage(m.leaveConfirm) });
    if (!ok) return;
    await run(async () => {
      await removeGroupMember(c._id, myId);
      removeConversation(qc, c._id);
      onLeft();
    });
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={phone ? '100%' : 'sm'} title={<Text fw={700}>{intl.formatMessage(m.title)}</Text>}
      closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}>
      <Stack gap="md">
        <form onSubmit={rename}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput flex={1} label={intl.formatMessage(m.name)} maxLength={80} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
            <Button type="submit" variant="default" disabled={busy || title.trim() === (c.title ?? '')}>{intl.formatMessage(m.rename)}</Button>
          </Group>
        </form>
        {error && <Text size="sm" c="red.8" role="alert">{error}</Text>}
        <div>
          <Title order={3} size="h5" mb={6}>{intl.formatMessage(m.members, { count: c.participants.length })}</Title>
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} data-testid="group-members">
            {members.map((p) => (
              <MemberRow key={p._id} member={p} mine={p._id === myId} manages={p._id === c.creatorId}
                onRemove={isCreator && p._id !== myId ? () => void remove(p) : undefined} />
            ))}
          </Stack>
        </div>
        {canAdd && (c.participants.length < MAX_MEMBERS
          ? <MemberPicker label={intl.formatMessage(m.add)} exclude={new Set(c.participants.map((p) => p._id))} disabled={busy}
              onPick={(r) => void run(async () => upsertConversation(qc, await addGroupMember(c._id, r._id)))} />
          : <Text size="sm" c="dimmed">{intl.formatMessage(m.full)}</Text>)}
        <Button variant="outline" color="red.9" onClick={() => void leave()} disabled={busy}>{intl.formatMessage(m.leave)}</Button>
      </Stack>
    </Drawer>
  );
}

type RowProps = { member: { _id: string; name: string; avatar: string | null }; mine: boolean; manages: boolean; onRemove?: () => void };

function MemberRow({ member, mine, manages, onRemove }: RowProps) {
  const intl = useIntl();
  const online = useIsOnline(mine ? undefined : member._id) || mine;
  return (
    <Group component="li" gap="sm" wrap="nowrap" data-testid="group-member">
      <Indicator color={online ? 'green.8' : 'gray.5'} position="bottom-end" offset={4} size={10} withBorder>
        <UserAvatar name={member.name} src={member.avatar} radius="xl" size="sm" />
      </Indicator>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={600} truncate="end">{mine ? intl.formatMessage(m.you, { name: member.name }) : member.name}</Text>
        <Text size="xs" c="dimmed">{intl.formatMessage(online ? m.online : m.offline)}</Text>
      </div>
      {manages && <Badge size="sm" variant="outline" color="dark.6">{intl.formatMessage(m.creator)}</Badge>}
      {onRemove && (
        <Button size="compact-sm" variant="subtle" color="red.8" aria-label={intl.formatMessage(m.removeLabel, { name: member.name })} onClick={onRemove}>
          {intl.formatMessage(m.remove)}
        </Button>
      )}
    </Group>
  );
}
