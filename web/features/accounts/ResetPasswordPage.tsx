import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { resetPassword } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { shared } from './messages.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { useRedirectAfter } from './useRedirectAfter.ts';

const m = defineMessages({
  title: { id: 'accounts.reset.title', defaultMessage: 'Reset password', description: 'Title of the reset-password screen and its submit button.' },
  intro: { id: 'accounts.reset.intro', defaultMessage: 'Choose a new password: at least 10 characters, and not a common one.', description: 'Under the reset-password title.' },
  // A reset proves the mailbox, not the phone: an account with two-factor sign-in still asks for a code.
  twoFactorStaysOn: {
    id: 'accounts.reset.twoFactorStaysOn',
    defaultMessage: 'If two-factor sign-in is on for your account, it stays on: after the reset you will still need a code from your app, or a recovery code, to sign in.',
    description: 'On the reset-password screen: a reset does not turn off two-factor sign-in.',
  },
  failed: { id: 'accounts.reset.failed', defaultMessage: 'Failed to reset password.', description: 'The reset failed and the server gave no reason.' },
  mismatch: { id: 'accounts.reset.mismatch', defaultMessage: 'Passwords do not match.', description: 'The two new passwords typed differ.' },
  success: { id: 'accounts.reset.success', defaultMessage: 'Password has been reset successfully! Redirecting to login...', description: 'The password was reset; the login screen follows in 2 seconds.' },
  newPassword: { id: 'accounts.reset.newPassword', defaultMessage: 'New password', description: 'Label of the new password field.' },
  confirm: { id: 'accounts.reset.confirm', defaultMessage: 'Confirm new password', description: 'Label: the new password typed again.' },
});

export default function ResetPasswordPage() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const { busy, message, setMessage, submit } = useSubmit(t(m.failed));
  useRedirectAfter(done, '/login');

  const onSubmit = submit(async () => {
    if (password !== confirm) return setMessage(t(m.mismatch));
    await resetPassword(token, password);
    setMessage(t(m.success));
    setDone(true);
  });

  return (
    <AuthCard title={t(m.title)} intro={t(m.intro)}>
      <form onSubmit={onSubmit}>
        <Stack>
          <FormMessage message={message} success={done} />
          <Text size="sm">{t(m.twoFactorStaysOn)}</Text>
          <PasswordInput label={t(m.newPassword)} autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <PasswordInput label={t(m.confirm)} autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
          <Button type="submit" loading={busy} disabled={done}>{t(m.title)}</Button>
          <Anchor component={Link} to="/login" size="sm">{t(shared.backToLogin)}</Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
