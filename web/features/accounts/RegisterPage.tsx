import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { REGISTER_SUCCESS } from '../../../common/accounts.ts';
import { register } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { emptyLicence, LicenceFields } from './LicenceFields.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';
import { useRedirectAfter } from './useRedirectAfter.ts';

export default function RegisterPage() {
  const [form, setForm] = useState({ name: '', email: '', password: '', confirmPassword: '', avatar: '' });
  const [licence, setLicence] = useState(emptyLicence);
  const [done, setDone] = useState(false);
  const { busy, message, setMessage, submit } = useSubmit('Failed to register');
  useRedirectAfter(done, '/login');

  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.currentTarget.value });

  const onSubmit = submit(async () => {
    if (form.password !== form.confirmPassword) return setMessage('Passwords do not match');
    await register({ ...form, ...licence, avatar: form.avatar || undefined });
    setMessage(REGISTER_SUCCESS);
    setDone(true);
  });

  return (
    <AuthCard title="Register" intro="Create your account. We verify every member's licence before they can post or chat." size={720}>
      <form onSubmit={onSubmit}>
        <Stack>
          <FormMessage message={message} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Full name" autoComplete="name" required value={form.name} onChange={set('name')} />
            <TextInput label="Email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
            <PasswordInput label="Password" description="At least 10 characters; not a common password." autoComplete="new-password" required value={form.password} onChange={set('password')} />
            <PasswordInput label="Confirm password" autoComplete="new-password" required value={form.confirmPassword} onChange={set('confirmPassword')} />
          </SimpleGrid>
          <TextInput label="Avatar URL (optional)" type="url" placeholder="https://" value={form.avatar} onChange={set('avatar')} />
          <LicenceFields value={licence} onChange={setLicence} />
          <Button type="submit" loading={busy} disabled={done}>Register</Button>
          <Text size="sm">Already have an account? <Anchor component={Link} to="/login">Login</Anchor></Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
