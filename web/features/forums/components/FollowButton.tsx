import { Button } from '@mantine/core';
import { useFollowPost } from '../api.ts';

/** Follow / Following: a follower hears of every new comment on the post (authors follow their own). */
export function FollowButton({ postId, following }: { postId: string; following: boolean }) {
  const follow = useFollowPost();
  // The wanted state shows at once; a failure puts back what the server said.
  const shown = follow.isPending ? follow.variables.following : following;
  return (
    <Button variant={shown ? 'light' : 'default'} size="compact-sm" aria-pressed={shown}
      onClick={() => { if (!follow.isPending) follow.mutate({ postId, following: !shown }); }}>
      {shown ? 'Following' : 'Follow'}
    </Button>
  );
}
