import { Button, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { NOT_VERIFIED_TEXT } from './texts.ts';
import { isVerified, useSession } from '../../../lib/session.tsx';
import { useMembership } from '../api.ts';

type Props = { community: { _id: string; name: string; joined: boolean }; size?: string; fullWidth?: boolean };

const LEAVE_CONFIRMATION = 'Its posts will no longer show in My Communities. You can join again at any time.';

/**
 * Join / Joined. Signed out it leads to /login (the spec). Pressing Joined used to leave at once; now, as in Discourse
 * and GitHub, the button says "Leave" while pointed at or focused, and leaving asks first (a tap has no hover).
 */
export function JoinButton({ community, size = 'xs', fullWidth }: Props) {
  const { user } = useSession();
  const navigate = useNavigate();
  const membership = useMembership();
  const confirm = useConfirm();
  const [aiming, setAiming] = useState(false);
  const verified = isVerified(user);
  const onClick = async () => {
    if (!user) return void navigate('/login');
    if (community.joined) {
      const leave = await confirm({ title: `Leave ${community.name}?`, message: LEAVE_CONFIRMATION, confirmLabel: 'Leave' });
      if (!leave) return;
    }
    membership.mutate({ id: community._id, join: !community.joined });
  };
  const leaving = community.joined && aiming;
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      variant={community.joined ? 'light' : 'filled'}
      color={leaving ? 'red.8' : undefined}
      aria-pressed={community.joined}
      loading={membership.isPending}
      disabled={Boolean(user) && !verified}
      title={user && !verified ? NOT_VERIFIED_TEXT : undefined}
      style={{ flexShrink: 0 }}
      onMouseEnter={() => setAiming(true)}
      onMouseLeave={() => setAiming(false)}
      onFocus={() => setAiming(true)}
      onBlur={() => setAiming(false)}
      onClick={() => void onClick()}
    >
      {leaving ? 'Leave' : community.joined ? 'Joined' : 'Join'}
      <VisuallyHidden> {community.name}</VisuallyHidden>
    </Button>
  );
}
