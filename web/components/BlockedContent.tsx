import { Button, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useBlockedIds } from '../lib/blocks.ts';

const HIDDEN = 'Hidden: you blocked this member';

/**
 * A post or comment by a member the reader blocked shows collapsed, with Show anyway; anyone else's shows as it is.
 * The choice is the reader's, in their browser: the server sends every reader the same (cached) pages.
 */
type Props = {
  authorId: string | null | undefined;
  /** The id an enclosing article is labelled by, carried by the notice while the title is hidden. */
  labelId?: string;
  children: ReactNode;
};

export function BlockedContent({ authorId, labelId, children }: Props) {
  const blocked = useBlockedIds();
  const [shown, setShown] = useState(false);
  if (!authorId || !blocked.has(authorId) || shown) return <>{children}</>;
  return (
    <Group gap="xs" py={4} data-testid="blocked-content">
      <Text size="sm" c="dimmed" fs="italic" id={labelId}>{HIDDEN}</Text>
      <Button variant="subtle" size="compact-sm" onClick={() => setShown(true)}>Show anyway</Button>
    </Group>
  );
}
