import { Button } from '@mantine/core';
import type { Post } from '../../../../common/posts.ts';
import { useBookmark } from '../api.ts';

/** Save a post for later (/bookmarks). A toggle: its name stays "Bookmark" and aria-pressed says whether it is saved. */
export function BookmarkButton({ post }: { post: Post }) {
  const bookmark = useBookmark();
  // The wanted state shows at once; a failure puts back what the server said.
  const shown = bookmark.isPending ? bookmark.variables.bookmarked : post.bookmarked;
  return (
    <Button
      variant={shown ? 'light' : 'subtle'} size="compact-sm" aria-pressed={shown}
      leftSection={<span aria-hidden>{shown ? '★' : '☆'}</span>}
      onClick={() => { if (!bookmark.isPending) bookmark.mutate({ post, bookmarked: !shown }); }}
    >
      Bookmark
    </Button>
  );
}
