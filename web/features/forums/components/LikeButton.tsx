import { Button } from '@mantine/core';

/** A toggle: aria-pressed tells assistive technology whether the reader already likes it. */
export function LikeButton({ liked, count, onToggle, disabled }: { liked: boolean; count: number; onToggle: () => void; disabled?: boolean }) {
  return (
    <Button
      variant={liked ? 'light' : 'subtle'}
      size="compact-sm"
      aria-pressed={liked}
      onClick={onToggle}
      disabled={disabled}
      leftSection={<span aria-hidden>{liked ? '♥' : '♡'}</span>}
    >
      Like {count > 0 ? count : ''}
    </Button>
  );
}
