import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl, type MessageTag } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SecondFactor } from '../../../common/accounts.ts';
import { cameFromDeletion } from '../../lib/account-deleted.ts';
import { hasCode } from '../../lib/api.ts';
import { secondStepWithPasskey, signInWithPasskey } from '../../lib/passkeys.ts';
import { safeNextPath } from '../../lib/next-path.ts';
import { useSession } from '../../lib/session.tsx';
import { login, loginWithCode } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { shared } from './messages.ts';
import { useSubmit } from '../../lib/useSubmit.ts';

const m = defineMessages({
  intro: { id: 'accounts.login.intro', defaultMessage: 'Welcome back to Thera Root.', description: 'Under the login title.' },
  // After a session ended elsewhere (revoked, a password change, an administrator): the words the API uses for it.
  signedOutElsewhere: {
    id: 'accounts.login.signedOutElsewhere', defaultMessage: 'Your session has ended. Please log in again.',
    description: 'On the login screen after the member\'s session was ended elsewhere (same words as access.sessionEnded).',
  },
  deletedTitle: {
    id: 'accounts.login.deletedTitle', defaultMessage: 'Your account has been deleted.',
    description: 'Title of the notice on the login screen right after the member deleted their account.',
  },
  deletedText: {
    id: 'accounts.login.deletedText',
    defaultMessage: 'Thank you for having been part of Thera Root. A confirmation was sent to your email address, which is free for a new account.',
    description: 'The notice on the login screen right after the member deleted their account.',
  },
  failed: { id: 'accounts.login.failed', defaultMessage: 'Login failed. Please check your credentials.', description: 'Login failed and the server gave no reason.' },
  passkeyFailed: {
    id: 'accounts.login.passkeyFailed', defaultMessage: 'Could not sign in with a passkey. Please try again.',
    description: 'Signing in with a passkey failed (cancelled, or the server gave no reason).',
  },
  withPasskey: { id: 'accounts.login.withPasskey', defaultMessage: 'Sign in with a passkey', description: 'Button: sign in with a passkey instead of a password.' },
  forgot: { id: 'accounts.login.forgot', defaultMessage: 'Forgot your password?', description: 'Link to the forgot-password screen.' },
  twoFactorTitle: { id: 'accounts.twoFactor.title', defaultMessage: 'Two-factor sign-in', description: 'Title of the second sign-in step.' },
  codeFailed: { id: 'accounts.twoFactor.codeFailed', defaultMessage: 'Could not check the code. Please try again.', description: 'The second step\'s code could not be checked (server gave no reason).' },
  passkeyCheckFailed: {
    id: 'accounts.twoFactor.passkeyFailed', defaultMessage: 'Could not check the passkey. Please try again.',
    description: 'The second step with a passkey failed (server gave no reason).',
  },
  code: { id: 'accounts.twoFactor.code', defaultMessage: 'Authentication code', description: 'Label: the code from the authenticator app or a recovery code.' },
  verify: { id: 'accounts.twoFactor.verify', defaultMessage: 'Verify', description: 'Button checking the two-factor code.' },
  passkeyInstead: { id: 'accounts.twoFactor.passkeyInstead', defaultMessage: 'Use a passkey instead', description: 'Button, beside the code field: use a passkey as the second step.' },
  passkey: { id: 'accounts.twoFactor.passkey', defaultMessage: 'Use a passkey', description: 'Button when a passkey is the only second step.' },
  introPasskey: { id: 'accounts.twoFactor.introPasskey', defaultMessage: 'Use your passkey to finish signing in.', description: 'Second step, passkey only.' },
  introCodeOrRecovery: {
    id: 'accounts.twoFactor.introCodeOrRecovery', defaultMessage: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    description: 'Second step, when the member has recovery codes left.',
  },
  introCode: { id: 'accounts.twoFactor.introCode', defaultMessage: 'Enter the 6-digit code from your authenticator app.', description: 'Second step, no recovery codes left.' },
});
const mv = defineMessages<{ newHere: { link: MessageTag } }>({
  newHere: { id: 'accounts.login.newHere', defaultMessage: 'New to Thera Root? <link>Register</link>', description: 'Under the login form; <link> goes to registration.' },
});

// Administrators without two-factor sign-in are asked to turn it on at each sign-in.
const ASK_TWO_FACTOR = '/settings/security?enrol=1';

export default function LoginPage() {
  const intl = useIntl();
  const { signIn, ended } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Set while the second step (two-factor sign-in) waits for its code or passkey.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [factors, setFactors] = useState<SecondFactor[]>([]);
  const passkey = useSubmit(intl.formatMessage(m.passkeyFailed));
  const { busy, message, setMessage, submit } = useSubmit(intl.formatMessage(m.failed));

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
      setFactors(result.factors);
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
    return <CodeStep mfaToken={mfaToken} factors={factors} onDone={(token, left) => finish(token, false, left)} onExpired={restart} />;
  }

  return (
    <AuthCard title={intl.formatMessage(shared.login)} intro={intl.formatMessage(m.intro)}>
      <form onSubmit={onSubmit}>
        <Stack>
          {/* Calm, not an error: nothing went wrong on this page. Replaced by the form's own message once there is one. */}
          {ended && !message && <Alert color="blue" variant="light" role="status">{intl.formatMessage(m.signedOutElsewhere)}</Alert>}
          {cameFromDeletion(params) && !message && (
            <Alert color="gray" variant="light" role="status" title={intl.formatMessage(m.deletedTitle)}>
              {intl.formatMessage(m.deletedText)}
            </Alert>
          )}
          <FormMessage message={message} />
          <TextInput label={intl.formatMessage(shared.email)} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput label={intl.formatMessage(shared.password)} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>{intl.formatMessage(shared.login)}</Button>
          {passkey.message && <Alert color="red" role="alert">{passkey.message}</Alert>}
          <Button variant="light" loading={passkey.busy} onClick={passkey.submit(async () => finish(await signInWithPasskey()))}>
            {intl.formatMessage(m.withPasskey)}
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm">{intl.formatMessage(m.forgot)}</Anchor>
          <Text size="sm">
            {intl.formatMessage(mv.newHere, { link: (text) => <Anchor component={Link} to="/register">{text}</Anchor> })}
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

type CodeStepProps = { mfaToken: string; factors: SecondFactor[]; onDone: (token: string, recoveryCodesLeft?: number) => Promise<void>; onExpired: (text: string | null) => void };

/**
 * The second step, with only the factors the member has (the password step's `factors`): the code from the
 * authenticator app or one of the recovery codes, and a passkey.
 */
function CodeStep({ mfaToken, factors, onDone, onExpired }: CodeStepProps) {
  const intl = useIntl();
  const codeStep = factors.includes('totp');
  const passkey = factors.includes('passkey');
  const [code, setCode] = useState('');
  const { busy, message, submit } = useSubmit(intl.formatMessage(m.codeFailed));
  const withPasskey = useSubmit(intl.formatMessage(m.passkeyCheckFailed));
  const onPasskey = withPasskey.submit(async () => {
    try {
      await onDone(await secondStepWithPasskey(mfaToken));
    } catch (error) {
      if (hasCode(error, 'SIGN_IN_EXPIRED')) return onExpired(error.message);
      throw error;
    }
  });
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
    <AuthCard title={intl.formatMessage(m.twoFactorTitle)} intro={intl.formatMessage(secondStepIntro(factors))}>
      <form onSubmit={onSubmit}>
        <Stack>
          <FormMessage message={message} />
          {codeStep && (
            <>
              <TextInput label={intl.formatMessage(m.code)} autoComplete="one-time-code" required maxLength={40}
                value={code} onChange={(e) => setCode(e.currentTarget.value)} />
              <Button type="submit" loading={busy}>{intl.formatMessage(m.verify)}</Button>
            </>
          )}
          {passkey && withPasskey.message && <Alert color="red" role="alert">{withPasskey.message}</Alert>}
          {passkey && (
            <Button variant={codeStep ? 'light' : 'filled'} loading={withPasskey.busy} onClick={() => onPasskey()}>
              {intl.formatMessage(codeStep ? m.passkeyInstead : m.passkey)}
            </Button>
          )}
          <Anchor component="button" type="button" size="sm" onClick={() => onExpired(null)}>
            {intl.formatMessage(shared.backToLogin)}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

function secondStepIntro(factors: SecondFactor[]) {
  if (!factors.includes('totp')) return m.introPasskey;
  return factors.includes('recoveryCode') ? m.introCodeOrRecovery : m.introCode;
}
