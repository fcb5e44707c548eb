import { Button, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { TEXTS } from './texts.ts';
import { withValues } from '../../../lib/messages.ts';
import { isVerified, useSession } from '../../../lib/session.tsx';
import { useMembership } from '../api.ts';

type Props = { community: { _id: string; name: string; joined: boolean }; size?: string; fullWidth?: boolean };

const m = withValues(defineMessages({
  leaveTitle: { id: 'forums.join.leaveTitle', defaultMessage: 'Leave {name}?', description: 'Title of the confirmation before leaving the community {name}.' },
  leaveConfirm: { id: 'forums.join.leaveConfirm', defaultMessage: 'Its posts will no longer show in My Communities. You can join again at any time.', description: 'Confirmation before leaving a community.' },
  leave: { id: 'forums.join.leave', defaultMessage: 'Leave', description: 'The Joined button while pointed at or focused, and the confirmation\'s button: leave the community.' },
  joined: { id: 'forums.join.joined', defaultMessage: 'Joined', description: 'Toggle button: the member belongs to the community (pressed).' },
  join: { id: 'forums.join.join', defaultMessage: 'Join', description: 'Toggle button: join the community.' },
}));

/**
 * Join / Joined. Signed out it leads to /login (the spec). Pressing Joined used to leave at once; now, as in Discourse
 * and GitHub, the button says "Leave" while pointed at or focused, and leaving asks first (a tap has no hover).
 */
export function JoinButton({ community, size = 'xs', fullWidth }: Props) {
  const { user } = useSession();
  const intl = useIntl();
  const navigate = useNavigate();
  const membership = useMembership();
  const confirm = useConfirm();
  const [aiming, setAiming] = useState(false);
  const verified = isVerified(user);
  const onClick = async () => {
    if (!user) return void navigate('/login');
    if (community.joined) {
      const leave = await confirm({ title: intl.formatMessage(m.leaveTitle, { name: community.name }), message: intl.formatMessage(m.leaveConfirm), confirmLabel: intl.formatMessage(m.leave) });
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
      title={user && !verified ? intl.formatMessage(TEXTS.notVerified) : undefined}
      style={{ flexShrink: 0 }}
      onMouseEnter={() => setAiming(true)}
      onMouseLeave={() => setAiming(false)}
      onFocus={() => setAiming(true)}
      onBlur={() => setAiming(false)}
      onClick={() => void onClick()}
    >
      {intl.formatMessage(leaving ? m.leave : community.joined ? m.joined : m.join)}
      <VisuallyHidden translate="no"> {community.name}</VisuallyHidden>
    </Button>
  );
}
