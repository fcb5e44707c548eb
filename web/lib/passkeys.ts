// Signing in with a passkey, alone or as the second step, through @simplewebauthn/browser.
import { startAuthentication } from '@simplewebauthn/browser';
import { api } from './api.ts';

type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** A sign-in with a passkey alone: the session's token. */
export async function signInWithPasskey(): Promise<string> {
  const optionsJSON = await api<RequestOptions>('/api/users/login/passkey/options', { method: 'POST' });
  const response = await startAuthentication({ optionsJSON });
  return (await api<{ token: string }>('/api/users/login/passkey', { method: 'POST', body: { response } })).token;
}

/** The second step of a sign-in with one of the account's passkeys instead of a code. */
export async function secondStepWithPasskey(mfaToken: string): Promise<string> {
  const optionsJSON = await api<RequestOptions>('/api/users/login/2fa/passkey/options', { method: 'POST', body: { mfaToken } });
  const response = await startAuthentication({ optionsJSON });
  return (await api<{ token: string }>('/api/users/login/2fa/passkey', { method: 'POST', body: { mfaToken, response } })).token;
}
