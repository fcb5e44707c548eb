import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FORGOT_SUCCESS } from '../../../common/accounts.ts';
import { forgotPassword } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, message, setMessage, submit } = useSubmit('An error occurred. Please try again.');

  const onSubmit = submit(async () => {
    setSent(false);
    const res = await forgotPassword(email);
    setSent(true);
    setMessage(res.msg || FORGOT_SUCCESS);
  });

  return (
    <AuthCard title="Forgot password" intro="Enter your email and we will send you a link to choose a new password.">
      <form onSubmit={onSubmit}>
        <Stack>
          {/* The spec's success text has no 'successful' in it, but it is good news all the same. */}
          <FormMessage message={message} success={sent && message !== null} />
          <TextInput label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>Send reset link</Button>
          <Anchor component={Link} to="/login" size="sm">Back to login</Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
