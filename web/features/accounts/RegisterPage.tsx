import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl, type MessageTag } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../lib/session.tsx';
import { register } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { emptyLicence, LicenceFields } from './LicenceFields.tsx';
import { shared } from './messages.ts';
import { useSubmit } from '../../lib/useSubmit.ts';

const m = defineMessages({
  intro: {
    id: 'accounts.register.intro', defaultMessage: 'Create your account. We verify every member\'s licence before they can post or chat.',
    description: 'Under the registration title.',
  },
  failed: { id: 'accounts.register.failed', defaultMessage: 'Failed to register', description: 'Registration failed and the server gave no reason.' },
  mismatch: { id: 'accounts.register.mismatch', defaultMessage: 'Passwords do not match', description: 'The two passwords typed differ (registration; no full stop, as the spec has it).' },
  success: { id: 'accounts.register.success', defaultMessage: 'Registration successful! You are signed in.', description: 'Shown on the licence-details screen just after registering.' },
  fullName: { id: 'accounts.register.fullName', defaultMessage: 'Full name', description: 'Label of the name field.' },
  passwordHelp: { id: 'accounts.register.passwordHelp', defaultMessage: 'At least 10 characters; not a common password.', description: 'Help under the password field.' },
  confirm: { id: 'accounts.register.confirmPassword', defaultMessage: 'Confirm password', description: 'Label: the password typed again.' },
});
const mv = defineMessages<{ haveAccount: { link: MessageTag } }>({
  haveAccount: { id: 'accounts.register.haveAccount', defaultMessage: 'Already have an account? <link>Login</link>', description: 'Under the form; <link> goes to the login screen.' },
});

/** What the verification screen says above its form to a member who has just registered. */
export type JustRegistered = { registered: string };

export default function RegisterPage() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { signIn } = useSession();
  const navigate = useNavigate();
  // No photo here: it is uploaded, and re-encoded, from the profile once the member is in.
  const [form, setForm] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [licence, setLicence] = useState(emptyLicence);
  const [taken, setTaken] = useState(false);
  const { busy, message, setMessage, submit } = useSubmit(t(m.failed));

  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.currentTarget.value });

  const onSubmit = submit(async () => {
    if (form.password !== form.confirmPassword) return setMessage(t(m.mismatch));
    const result = await register({ ...form, ...licence });
    if (!result.token) {
      setTaken(true);
      return setMessage(result.msg);
    }
    // Signed in as sign-in does; a pending member's home is the verification screen, which says what happens next.
    await signIn(result.token);
    navigate('/verification', { replace: true, state: { registered: t(m.success) } satisfies JustRegistered });
  });

  return (
    <AuthCard title={t(shared.register)} intro={t(m.intro)} size={720}>
      <form onSubmit={onSubmit}>
        <Stack>
          <FormMessage message={message} success={taken} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t(m.fullName)} autoComplete="name" required value={form.name} onChange={set('name')} />
            <TextInput label={t(shared.email)} type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
            <PasswordInput label={t(shared.password)} description={t(m.passwordHelp)} autoComplete="new-password" required value={form.password} onChange={set('password')} />
            <PasswordInput label={t(m.confirm)} autoComplete="new-password" required value={form.confirmPassword} onChange={set('confirmPassword')} />
          </SimpleGrid>
          <LicenceFields value={licence} onChange={setLicence} />
          <Button type="submit" loading={busy}>{t(shared.register)}</Button>
          <Text size="sm">{t(mv.haveAccount, { link: (text) => <Anchor component={Link} to="/login">{text}</Anchor> })}</Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
