import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSubmit } from '../../lib/useSubmit.ts';
import { changeEmail, changePassword, securityKeys } from './security-api.ts';
import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({
  passwordTitle: { id: 'settings.password.title', defaultMessage: 'Change password', description: 'Heading and button of the password change form (Security tab).' },
  passwordFailed: { id: 'settings.password.failed', defaultMessage: 'Could not change the password. Please try again.', description: 'Password change failed (no server reason).' },
  mismatch: { id: 'settings.password.mismatch', defaultMessage: 'Passwords do not match.', description: 'The two new passwords typed differ.' },
  current: { id: 'settings.currentPassword', defaultMessage: 'Current password', description: 'Label: the member\'s current password, asked again before a sensitive change.' },
  newPassword: { id: 'settings.password.new', defaultMessage: 'New password', description: 'Label of the new password field.' },
  newPasswordHelp: { id: 'settings.password.newHelp', defaultMessage: 'At least 10 characters, and not a common one.', description: 'Help under the new password field.' },
  confirm: { id: 'settings.password.confirm', defaultMessage: 'Confirm new password', description: 'Label: the new password typed again.' },
  emailTitle: { id: 'settings.email.title', defaultMessage: 'Change email address', description: 'Heading of the email change form (Security tab).' },
  emailFailed: { id: 'settings.email.failed', defaultMessage: 'Could not change the email address. Please try again.', description: 'Email change failed (no server reason).' },
  emailIntro: {
    id: 'settings.email.intro', defaultMessage: 'We send a confirmation link to the new address, and a notice to your current one.',
    description: 'How an email change works.',
  },
  newEmail: { id: 'settings.email.new', defaultMessage: 'New email address', description: 'Label of the new email address field.' },
  password: { id: 'settings.password', defaultMessage: 'Password', description: 'Label of a password field asked before a sensitive change.' },
  sendLink: { id: 'settings.email.send', defaultMessage: 'Send confirmation link', description: 'Button of the email change form.' },
});

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">{title}</Title>
      {children}
    </Paper>
  );
}

/** The outcome of a form: the server's refusal, or its confirmation. */
function Outcome({ error, done }: { error: string | null; done: string | null }) {
  if (error) return <Alert color="red" role="alert">{error}</Alert>;
  if (done) return <Alert color="green" role="status">{done}</Alert>;
  return null;
}

/** Current and new password; the server ends every other session, this one stays. */
export function PasswordForm() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const client = useQueryClient();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, setMessage, submit } = useSubmit(t(m.passwordFailed));
  const onSubmit = submit(async () => {
    setDone(null);
    if (newPassword !== confirm) return setMessage(t(m.mismatch));
    const { msg } = await changePassword({ currentPassword, newPassword });
    setCurrent('');
    setNew('');
    setConfirm('');
    setDone(msg);
    await client.invalidateQueries({ queryKey: securityKeys.sessions });
  });
  return (
    <Section id="password-title" title={t(m.passwordTitle)}>
      <form onSubmit={onSubmit}>
        <Stack gap="xs">
          <Outcome error={message} done={done} />
          <PasswordInput label={t(m.current)} autoComplete="current-password" required value={currentPassword} onChange={(e) => setCurrent(e.currentTarget.value)} />
          <PasswordInput label={t(m.newPassword)} description={t(m.newPasswordHelp)} autoComplete="new-password" required
            value={newPassword} onChange={(e) => setNew(e.currentTarget.value)} />
          <PasswordInput label={t(m.confirm)} autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
          <Group><Button type="submit" loading={busy}>{t(m.passwordTitle)}</Button></Group>
        </Stack>
      </form>
    </Section>
  );
}

/** A link goes to the new address; the email changes when it is opened. */
export function EmailForm() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, submit } = useSubmit(t(m.emailFailed));
  const onSubmit = submit(async () => {
    setDone(null);
    const { msg } = await changeEmail({ email, password });
    setPassword('');
    setDone(msg);
  });
  return (
    <Section id="email-title" title={t(m.emailTitle)}>
      <Text size="sm" c="dimmed" mb="xs">{t(m.emailIntro)}</Text>
      <form onSubmit={onSubmit}>
        <Stack gap="xs">
          <Outcome error={message} done={done} />
          <TextInput label={t(m.newEmail)} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput label={t(m.password)} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Group><Button type="submit" loading={busy}>{t(m.sendLink)}</Button></Group>
        </Stack>
      </form>
    </Section>
  );
}
