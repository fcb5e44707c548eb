import { ActionIcon, Button } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { isAdmin, useSession } from '../../../lib/session.tsx';
import { useDeleteCommunity } from '../api.ts';
import { TEXTS } from './texts.ts';

// The compact button's sign; its name is the label.
const CROSS = '✕';

const m = withValues(defineMessages({
  title: { id: 'forums.community.deleteTitle', defaultMessage: 'Delete community', description: 'Title of the confirmation before an administrator deletes a community.' },
  confirm: { id: 'forums.community.confirmDelete', defaultMessage: 'Are you sure you want to permanently delete this community?', description: 'Confirmation before an administrator deletes a community.' },
  label: { id: 'forums.community.deleteLabel', defaultMessage: 'Delete community {name}', description: 'Accessible name of the administrator\'s delete button for the community {name}.' },
}));

type Props = { community: { _id: string; name: string }; compact?: boolean; onDeleted?: () => void };

/**
 * An administrator's delete for a community, wherever a community shows (sidebar, cards, its page), after the
 * spec's confirmation. Nothing for anyone else: the server refuses them anyway.
 */
export function DeleteCommunityButton({ community, compact = false, onDeleted }: Props) {
  const { user } = useSession();
  const intl = useIntl();
  const remove = useDeleteCommunity();
  const confirm = useConfirm();
  if (!isAdmin(user)) return null;

  const onDelete = async () => {
    if (!(await confirm({ title: intl.formatMessage(m.title), message: intl.formatMessage(m.confirm), confirmLabel: intl.formatMessage(TEXTS.delete) }))) return;
    // Awaited rather than a mutate callback: the page refetches the community on success, finds it gone and unmounts
    // this button, and an unmounted mutate's callbacks never run.
    try {
      await remove.mutateAsync(community._id);
      onDeleted?.();
    } catch (e) {
      console.error('Failed to delete community', e);
    }
  };
  const label = intl.formatMessage(m.label, { name: community.name });
  return compact ? (
    <ActionIcon color="red" variant="subtle" aria-label={label} onClick={() => void onDelete()} loading={remove.isPending}>
      <span aria-hidden>{CROSS}</span>
    </ActionIcon>
  ) : (
    <Button color="red" variant="light" size="xs" aria-label={label} onClick={() => void onDelete()} loading={remove.isPending}>
      {intl.formatMessage(TEXTS.delete)}
    </Button>
  );
}
