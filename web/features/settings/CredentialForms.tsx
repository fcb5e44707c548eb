import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSubmit } from '../../lib/useSubmit.ts';
import { changeEmail, changePassword, securityKeys } from './security-api.ts';

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
  const client = useQueryClient();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, setMessage, submit } = useSubmit('Could not change the password. Please try again.');
  const onSubmit = submit(async () => {
    setDone(null);
    if (newPassword !== confirm) return setMessage('Passwords do not match.');
    const { msg } = await changePassword({ currentPassword, newPassword });
    setCurrent('');
    setNew('');
    setConfirm('');
    setDone(msg);
    await client.invalidateQueries({ queryKey: securityKeys.sessions });
  });
  return (
    <Section id="password-title" title="Change password">
      <form onSubmit={onSubmit}>
        <Stack gap="xs">
          <Outcome error={message} done={done} />
          <PasswordInput label="Current password" autoComplete="current-password" required value={currentPassword} onChange={(e) => setCurrent(e.currentTarget.value)} />
          <PasswordInput label="New password" description="At least 10 characters, and not a common one." autoComplete="new-password" required
            value={newPassword} onChange={(e) => setNew(e.currentTarget.value)} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
          <Group><Button type="submit" loading={busy}>Change password</Button></Group>
        </Stack>
      </form>
    </Section>
  );
}

/** A link goes to the new address; the email changes when it is opened. */
export function EmailForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, submit } = useSubmit('Could not change the email address. Please try again.');
  const onSubmit = submit(async () => {
    setDone(null);
    const { msg } = await changeEmail({ email, password });
    setPassword('');
    setDone(msg);
  });
  return (
    <Section id="email-title" title="Change email address">
      <Text size="sm" c="dimmed" mb="xs">We send a confirmation link to the new address, and a notice to your current one.</Text>
      <form onSubmit={onSubmit}>
        <Stack gap="xs">
          <Outcome error={message} done={done} />
          <TextInput label="New email address" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Group><Button type="submit" loading={busy}>Send confirmation link</Button></Group>
        </Stack>
      </form>
    </Section>
  );
}
