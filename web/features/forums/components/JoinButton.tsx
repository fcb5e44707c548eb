import { Button, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import { NOT_VERIFIED_TEXT } from './texts.ts';
import { isVerified, useSession } from '../../../lib/session.tsx';
import { useMembership } from '../api.ts';

type Props = { community: { _id: string; name: string; joined: boolean }; size?: string; fullWidth?: boolean };

/** Join / Joined. Signed out it leads to /login (the spec); pressing Joined leaves the community. */
export function JoinButton({ community, size = 'xs', fullWidth }: Props) {
  const { user } = useSession();
  const navigate = useNavigate();
  const membership = useMembership();
  const verified = isVerified(user);
  const onClick = () => {
    if (!user) return void navigate('/login');
    membership.mutate({ id: community._id, join: !community.joined });
  };
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      variant={community.joined ? 'light' : 'filled'}
      aria-pressed={community.joined}
      loading={membership.isPending}
      disabled={Boolean(user) && !verified}
      title={user && !verified ? NOT_VERIFIED_TEXT : undefined}
      style={{ flexShrink: 0 }}
      onClick={onClick}
    >
      {community.joined ? 'Joined' : 'Join'}
      <VisuallyHidden> {community.name}</VisuallyHidden>
    </Button>
  );
}
