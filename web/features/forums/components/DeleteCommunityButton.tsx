import { ActionIcon, Button } from '@mantine/core';
import { CONFIRM_DELETE_COMMUNITY } from '../../../../common/communities.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { isAdmin, useSession } from '../../../lib/session.tsx';
import { useDeleteCommunity } from '../api.ts';

type Props = { community: { _id: string; name: string }; compact?: boolean; onDeleted?: () => void };

/**
 * An administrator's delete for a community, wherever a community shows (sidebar, cards, its page), after the
 * spec's confirmation. Nothing for anyone else: the server refuses them anyway.
 */
export function DeleteCommunityButton({ community, compact = false, onDeleted }: Props) {
  const { user } = useSession();
  const remove = useDeleteCommunity();
  const confirm = useConfirm();
  if (!isAdmin(user)) return null;

  const onDelete = async () => {
    if (!(await confirm({ title: 'Delete community', message: CONFIRM_DELETE_COMMUNITY, confirmLabel: 'Delete' }))) return;
    // Awaited rather than a mutate callback: the page refetches the community on success, finds it gone and unmounts
    // this button, and an unmounted mutate's callbacks never run.
    try {
      await remove.mutateAsync(community._id);
      onDeleted?.();
    } catch (e) {
      console.error('Failed to delete community', e);
    }
  };
  const label = `Delete community ${community.name}`;
  return compact ? (
    <ActionIcon color="red" variant="subtle" aria-label={label} onClick={() => void onDelete()} loading={remove.isPending}>
      <span aria-hidden>✕</span>
    </ActionIcon>
  ) : (
    <Button color="red" variant="light" size="xs" aria-label={label} onClick={() => void onDelete()} loading={remove.isPending}>
      Delete
    </Button>
  );
}
