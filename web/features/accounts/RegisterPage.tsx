import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { REGISTER_SUCCESS } from '../../../common/accounts.ts';
import { useSession } from '../../lib/session.tsx';
import { register } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { emptyLicence, LicenceFields } from './LicenceFields.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';

/** What the verification screen says above its form to a member who has just registered. */
export type JustRegistered = { registered: string };

export default function RegisterPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  // No photo here: it is uploaded, and re-encoded, from the profile once the member is in.
  const [form, setForm] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [licence, setLicence] = useState(emptyLicence);
  const [taken, setTaken] = useState(false);
  const { busy, message, setMessage, submit } = useSubmit('Failed to register');

  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.currentTarget.value });

  const onSubmit = submit(async () => {
    if (form.password !== form.confirmPassword) return setMessage('Passwords do not match');
    const result = await register({ ...form, ...licence });
    if (!result.token) {
      setTaken(true);
      return setMessage(result.msg);
    }
    // Signed in as sign-in does; a pending member's home is the verification screen, which says what happens next.
    await signIn(result.token);
    navigate('/verification', { replace: true, state: { registered: REGISTER_SUCCESS } satisfies JustRegistered });
  });

  return (
    <AuthCard title="Register" intro="Create your account. We verify every member's licence before they can post or chat." size={720}>
      <form onSubmit={onSubmit}>
        <Stack>
          <FormMessage message={message} success={taken} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Full name" autoComplete="name" required value={form.name} onChange={set('name')} />
            <TextInput label="Email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
            <PasswordInput label="Password" description="At least 10 characters; not a common password." autoComplete="new-password" required value={form.password} onChange={set('password')} />
            <PasswordInput label="Confirm password" autoComplete="new-password" required value={form.confirmPassword} onChange={set('confirmPassword')} />
          </SimpleGrid>
          <LicenceFields value={licence} onChange={setLicence} />
          <Button type="submit" loading={busy}>Register</Button>
          <Text size="sm">Already have an account? <Anchor component={Link} to="/login">Login</Anchor></Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
