// The warning before an idle sign-out: a dialog 60 seconds before the session's deadline, whose "Stay signed in" touches
// the session; at the deadline every tab signs out (the first to get there ends the session on the server).
import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { IDLE_WARNING_MS } from '../../common/security-policy.ts';
import { api, getToken } from '../lib/api.ts';
import { claimTouch, forgetIdleDeadline, idleDeadline, noteInput, onIdleChange } from '../lib/idle.ts';
import { useSession } from '../lib/session.tsx';

const m = defineMessages<{ title: Record<never, never>; countdown: { seconds: number }; stay: Record<never, never> }>({
  title: { id: 'components.idle.title', defaultMessage: 'Are you still there?', description: 'Title of the warning shown a minute before an idle member is signed out.' },
  countdown: {
    id: 'components.idle.countdown',
    defaultMessage: 'You will be signed out in {seconds} seconds.',
    description: 'The idle warning\'s countdown, updated every second.',
  },
  stay: { id: 'components.idle.stay', defaultMessage: 'Stay signed in', description: 'The idle warning\'s button that keeps the session.' },
});

const ACTIVITY = ['pointerdown', 'keydown'] as const;
const touch = () => api('/api/users/me').catch(() => undefined);
// "Stay signed in" is the member's doing: its answer moves the deadline (web/lib/idle.ts).
const stay = () => {
  noteInput();
  void touch();
};

export function IdleWarning() {
  const { user, signOut } = useSession();
  const intl = useIntl();
  const [left, setLeft] = useState<number | null>(null);
  const warning = left !== null && left <= IDLE_WARNING_MS;

  useEffect(() => {
    if (!user) return undefined;
    const check = () => {
      const deadline = idleDeadline();
      if (deadline === null) return setLeft(null);
      const remaining = deadline - Date.now();
      if (remaining > 0) return setLeft(remaining);
      forgetIdleDeadline();
      setLeft(null);
      void signOut();
    };
    const onActivity = () => {
      // While the warning shows, only its button keeps the session.
      const deadline = idleDeadline();
      if (deadline !== null && deadline - Date.now() <= IDLE_WARNING_MS) return;
      noteInput();
      if (claimTouch()) void touch();
    };
    const onOther = () => (getToken() ? check() : void signOut());
    check();
    const timer = window.setInterval(check, 1000);
    for (const name of ACTIVITY) window.addEventListener(name, onActivity, { passive: true });
    const stop = onIdleChange(onOther);
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY) window.removeEventListener(name, onActivity);
      stop();
    };
  }, [user, signOut]);

  if (!user) return null;
  const seconds = Math.max(0, Math.ceil((left ?? 0) / 1000));
  return (
    <Modal opened={warning} onClose={stay} title={intl.formatMessage(m.title)} centered transitionProps={{ duration: 0 }}
      closeButtonProps={{ 'aria-label': intl.formatMessage(m.stay) }}>
      <Text role="timer" aria-live="off">{intl.formatMessage(m.countdown, { seconds })}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={stay} data-autofocus>{intl.formatMessage(m.stay)}</Button>
      </Group>
    </Modal>
  );
}
