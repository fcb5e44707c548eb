import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FORGOT_SUCCESS } from '../../../common/accounts.ts';
import { ApiError } from '../../lib/api.ts';
import { forgotPassword } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const res = await forgotPassword(email);
      setSent(true);
      setMessage(res.msg || FORGOT_SUCCESS);
    } catch (error) {
      setSent(false);
      if (error instanceof ApiError) setMessage(error.message || `Request failed with status ${error.status}`);
      else setMessage('An error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot password" intro="Enter your email and we will send you a link to choose a new password.">
      <form onSubmit={submit}>
        <Stack>
          <FormMessage message={message} success={sent} />
          <TextInput label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>Send reset link</Button>
          <Anchor component={Link} to="/login" size="sm">Back to login</Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
