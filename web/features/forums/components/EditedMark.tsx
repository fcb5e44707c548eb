import { Text } from '@mantine/core';
import { TimeAgo } from '../../../components/TimeAgo.tsx';
import { useHydrated } from '../../../lib/hydration.ts';

/** " · edited 5 minutes ago", with the exact time on hover and for assistive technology (the time element). */
export function EditedMark({ editedAt }: { editedAt: string | null }) {
  // The exact time is in the browser's time zone and language: not known to a server that drew the page.
  const hydrated = useHydrated();
  if (!editedAt) return null;
  const exact = hydrated ? new Date(editedAt).toLocaleString() : '';
  return (
    <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {' · '}<time dateTime={editedAt} title={exact ? `Edited ${exact}` : undefined}>edited <TimeAgo date={editedAt} /></time>
    </Text>
  );
}
