import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { RESET_SUCCESS } from '../../../common/accounts.ts';
import { resetPassword } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';
import { useRedirectAfter } from './useRedirectAfter.ts';

// A reset proves the mailbox, not the phone: an account with two-factor sign-in still asks for a code.
const TWO_FACTOR_STAYS_ON =
  'If two-factor sign-in is on for your account, it stays on: after the reset you will still need a code from your app, or a recovery code, to sign in.';

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const { busy, message, setMessage, submit } = useSubmit('Failed to reset password.');
  useRedirectAfter(done, '/login');

  const onSubmit = submit(async () => {
    if (password !== confirm) return setMessage('Passwords do not match.');
    await resetPassword(token, password);
    setMessage(RESET_SUCCESS);
    setDone(true);
  });

  return (
    <AuthCard title="Reset password" intro="Choose a new password: at least 10 characters, and not a common one.">
      <form onSubmit={onSubmit}>
        <Stack>
          <FormMessage message={message} />
          <Text size="sm">{TWO_FACTOR_STAYS_ON}</Text>
          <PasswordInput label="New password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
          <Button type="submit" loading={busy} disabled={done}>Reset password</Button>
          <Anchor component={Link} to="/login" size="sm">Back to login</Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
