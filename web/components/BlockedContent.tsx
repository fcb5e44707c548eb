import { Button, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useBlockedIds } from '../lib/blocks.ts';

const m = defineMessages({
  hidden: { id: 'components.blocked.hidden', defaultMessage: 'Hidden: you blocked this member', description: 'In place of a post, comment or message by a member the reader blocked.' },
  show: { id: 'components.blocked.show', defaultMessage: 'Show anyway', description: 'Button: show the blocked member\'s post, comment or message.' },
});

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
  const intl = useIntl();
  const blocked = useBlockedIds();
  const [shown, setShown] = useState(false);
  if (!authorId || !blocked.has(authorId) || shown) return <>{children}</>;
  return (
    <Group gap="xs" py={4} data-testid="blocked-content">
      <Text size="sm" c="dimmed" fs="italic" id={labelId}>{intl.formatMessage(m.hidden)}</Text>
      <Button variant="subtle" size="compact-sm" onClick={() => setShown(true)}>{intl.formatMessage(m.show)}</Button>
    </Group>
  );
}
