import { Text } from '@mantine/core';
import { timeAgo } from '../../../lib/time.ts';

/** " · edited 5 minutes ago", with the exact time on hover and for assistive technology (the time element). */
export function EditedMark({ editedAt }: { editedAt: string | null }) {
  if (!editedAt) return null;
  const exact = new Date(editedAt).toLocaleString();
  return (
    <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {' · '}<time dateTime={editedAt} title={`Edited ${exact}`}>edited {timeAgo(editedAt)}</time>
    </Text>
  );
}
