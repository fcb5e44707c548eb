import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RESET_SUCCESS } from '../../../common/accounts.ts';
import { REDIRECT_DELAY_MS } from '../../../common/constants.ts';
import { ApiError } from '../../lib/api.ts';
import { resetPassword } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirm) return setMessage('Passwords do not match.');
    setBusy(true);
    setMessage(null);
    try {
      await resetPassword(token, password);
      setMessage(RESET_SUCCESS);
      setDone(true);
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Failed to reset password.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Reset password" intro="Choose a new password: at least 10 characters, and not a common one.">
      <form onSubmit={submit}>
        <Stack>
          <FormMessage message={message} />
          <PasswordInput label="New password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
          <Button type="submit" loading={busy} disabled={done}>Reset password</Button>
          <Anchor component={Link} to="/login" size="sm">Back to login</Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
