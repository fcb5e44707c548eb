import { Button } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';

// Signs beside the word, hidden from assistive technology (aria-pressed says whether it is liked).
const LIKED = '♥';
const NOT_LIKED = '♡';

const m = defineMessages<{ like: { count: string } }>({
  like: { id: 'forums.post.like', defaultMessage: 'Like {count}', description: 'Toggle button: like a post or comment; {count} is the number of likes, or empty when there are none.' },
});

/** A toggle: aria-pressed tells assistive technology whether the reader already likes it. */
export function LikeButton({ liked, count, onToggle, disabled }: { liked: boolean; count: number; onToggle: () => void; disabled?: boolean }) {
  const intl = useIntl();
  return (
    <Button
      variant={liked ? 'light' : 'subtle'}
      size="compact-sm"
      aria-pressed={liked}
      onClick={onToggle}
      disabled={disabled}
      leftSection={<span aria-hidden>{liked ? LIKED : NOT_LIKED}</span>}
    >
      {intl.formatMessage(m.like, { count: count > 0 ? intl.formatNumber(count) : '' })}
    </Button>
  );
}
