import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../lib/next-path.ts';
import { useSession } from '../../lib/session.tsx';
import { login } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';

export default function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, message, submit } = useSubmit('Login failed. Please check your credentials.');

  const onSubmit = submit(async () => {
    const { token } = await login(email, password);
    await signIn(token);
    navigate(safeNextPath(params.get('next')));
  });

  return (
    <AuthCard title="Login" intro="Welcome back to Thera Root.">
      <form onSubmit={onSubmit}>
        <Stack>
          <FormMessage message={message} />
          <TextInput label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>Login</Button>
          <Anchor component={Link} to="/forgot-password" size="sm">Forgot your password?</Anchor>
          <Text size="sm">New to Thera Root? <Anchor component={Link} to="/register">Register</Anchor></Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
