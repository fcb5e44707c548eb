import { Button } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { useFollowPost } from '../api.ts';

const m = defineMessages({
  follow: { id: 'forums.post.follow', defaultMessage: 'Follow', description: 'Toggle button: follow the post (hear of every new comment).' },
  following: { id: 'forums.post.following', defaultMessage: 'Following', description: 'The follow button once the member follows the post.' },
});

/** Follow / Following: a follower hears of every new comment on the post (authors follow their own). */
export function FollowButton({ postId, following }: { postId: string; following: boolean }) {
  const follow = useFollowPost();
  const intl = useIntl();
  // The wanted state shows at once; a failure puts back what the server said.
  const shown = follow.isPending ? follow.variables.following : following;
  return (
    <Button variant={shown ? 'light' : 'default'} size="compact-sm" aria-pressed={shown}
      onClick={() => { if (!follow.isPending) follow.mutate({ postId, following: !shown }); }}>
      {intl.formatMessage(shown ? m.following : m.follow)}
    </Button>
  );
}
