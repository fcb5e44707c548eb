import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_DELETED_NOTICE, cameFromDeletion } from '../../lib/account-deleted.ts';
import { hasCode } from '../../lib/api.ts';
import { safeNextPath } from '../../lib/next-path.ts';
import { useSession } from '../../lib/session.tsx';
import { login, loginWithCode } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';

/** After a session ended elsewhere (revoked, a password change, an administrator): the words the API uses for it. */
const SIGNED_OUT_ELSEWHERE = 'Your session has ended. Please log in again.';

// Administrators without two-factor sign-in are asked to turn it on at each sign-in.
const ASK_TWO_FACTOR = '/settings/security?enrol=1';

export default function LoginPage() {
  const { signIn, ended } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Set while the second step (two-factor sign-in) waits for its code.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const { busy, message, setMessage, submit } = useSubmit('Login failed. Please check your credentials.');

  const finish = async (token: string, askTwoFactor = false, recoveryCodesLeft?: number) => {
    const destination = askTwoFactor ? ASK_TWO_FACTOR : safeNextPath(params.get('next'));
    // Signed in, /login sends the member to its ?next= (web/app/routes.tsx): it must name the same place.
    if (askTwoFactor) setParams({ next: destination }, { replace: true });
    await signIn(token, { recoveryCodesLeft });
    navigate(destination);
  };

  const onSubmit = submit(async () => {
    const result = await login(email, password);
    if ('mfaRequired' in result) {
      setMfaToken(result.mfaToken);
      return;
    }
    await finish(result.token, result.twoFactorPrompt);
  });

  if (mfaToken) {
    const restart = (text: string | null) => {
      setMfaToken(null);
      setPassword('');
      setMessage(text);
    };
    return <CodeStep mfaToken={mfaToken} onDone={(token, left) => finish(token, false, left)} onExpired={restart} />;
  }

  return (
    <AuthCard title="Login" intro="Welcome back to Thera Root.">
      <form onSubmit={onSubmit}>
        <Stack>
          {/* Calm, not an error: nothing went wrong on this page. Replaced by the form's own message once there is one. */}
          {ended && !message && <Alert color="blue" variant="light" role="status">{SIGNED_OUT_ELSEWHERE}</Alert>}
          {cameFromDeletion(params) && !message && (
            <Alert color="gray" variant="light" role="status" title={ACCOUNT_DELETED_NOTICE.title}>{ACCOUNT_DELETED_NOTICE.text}</Alert>
          )}
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

type CodeStepProps = { mfaToken: string; onDone: (token: string, recoveryCodesLeft?: number) => Promise<void>; onExpired: (text: string | null) => void };

/** The second step: the code from the authenticator app, or one of the recovery codes. */
function CodeStep({ mfaToken, onDone, onExpired }: CodeStepProps) {
  const [code, setCode] = useState('');
  const { busy, message, submit } = useSubmit('Could not check the code. Please try again.');
  const onSubmit = submit(async () => {
    try {
      const { token, recoveryCodesLeft } = await loginWithCode(mfaToken, code);
      await onDone(token, recoveryCodesLeft);
    } catch (error) {
      // Too late or already used: back to the password, saying why.
      if (hasCode(error, 'SIGN_IN_EXPIRED')) return onExpired(error.message);
      throw error;
    }
  });
  return (
    <AuthCard title="Two-factor sign-in" intro="Enter the 6-digit code from your authenticator app, or one of your recovery codes.">
      <form onSubmit={onSubmit}>
        <Stack>
          <FormMessage message={message} />
          <TextInput label="Authentication code" autoComplete="one-time-code" required maxLength={40}
            value={code} onChange={(e) => setCode(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>Verify</Button>
          <Anchor component="button" type="button" size="sm" onClick={() => onExpired(null)}>Back to login</Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
