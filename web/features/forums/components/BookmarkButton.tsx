import { Button } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import type { Post } from '../../../../common/posts.ts';
import { useBookmark } from '../api.ts';

// Signs beside the word, hidden from assistive technology (aria-pressed says whether it is saved).
const SAVED = '★';
const NOT_SAVED = '☆';

const m = defineMessages({
  bookmark: { id: 'forums.post.bookmark', defaultMessage: 'Bookmark', description: 'Toggle button: save the post to the member\'s bookmarks (pressed when saved).' },
});

/** Save a post for later (/bookmarks). A toggle: its name stays "Bookmark" and aria-pressed says whether it is saved. */
export function BookmarkButton({ post }: { post: Post }) {
  const bookmark = useBookmark();
  const intl = useIntl();
  // The wanted state shows at once; a failure puts back what the server said.
  const shown = bookmark.isPending ? bookmark.variables.bookmarked : post.bookmarked;
  return (
    <Button
      variant={shown ? 'light' : 'subtle'} size="compact-sm" aria-pressed={shown}
      leftSection={<span aria-hidden>{shown ? SAVED : NOT_SAVED}</span>}
      onClick={() => { if (!bookmark.isPending) bookmark.mutate({ post, bookmarked: !shown }); }}
    >
      {intl.formatMessage(m.bookmark)}
    </Button>
  );
}
