import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { forgotPassword } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { shared } from './messages.ts';
import { useSubmit } from '../../lib/useSubmit.ts';

const m = defineMessages({
  title: { id: 'accounts.forgot.title', defaultMessage: 'Forgot password', description: 'Title of the forgot-password screen.' },
  intro: {
    id: 'accounts.forgot.intro', defaultMessage: 'Enter your email and we will send you a link to choose a new password.',
    description: 'Under the forgot-password title.',
  },
  submit: { id: 'accounts.forgot.submit', defaultMessage: 'Send reset link', description: 'Button sending the password reset email.' },
  failed: { id: 'accounts.forgot.failed', defaultMessage: 'An error occurred. Please try again.', description: 'The reset link could not be requested (server unreachable).' },
  sent: {
    id: 'accounts.forgot.sent', defaultMessage: 'If an account with that email exists, a password reset link has been sent.',
    description: 'After asking for a reset link, when the server gave no text of its own. Says nothing of whether the account exists.',
  },
});

export default function ForgotPasswordPage() {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, message, setMessage, submit } = useSubmit(intl.formatMessage(m.failed));

  const onSubmit = submit(async () => {
    setSent(false);
    const res = await forgotPassword(email);
    setSent(true);
    setMessage(res.msg || intl.formatMessage(m.sent));
  });

  return (
    <AuthCard title={intl.formatMessage(m.title)} intro={intl.formatMessage(m.intro)}>
      <form onSubmit={onSubmit}>
        <Stack>
          {/* The spec's success text has no 'successful' in it, but it is good news all the same. */}
          <FormMessage message={message} success={sent && message !== null} />
          <TextInput label={intl.formatMessage(shared.email)} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>{intl.formatMessage(m.submit)}</Button>
          <Anchor component={Link} to="/login" size="sm">{intl.formatMessage(shared.backToLogin)}</Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
