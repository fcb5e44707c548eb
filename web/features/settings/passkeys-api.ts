// A member's own passkeys (list, add, rename, remove), through @simplewebauthn/browser; signing in is web/lib/passkeys.ts.
import { startRegistration } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import type { Passkey } from '../../../common/security-policy.ts';
import { api } from '../../lib/api.ts';

export const passkeysKey = ['settings', 'passkeys'] as const;
export const usePasskeys = () => useQuery({
  queryKey: passkeysKey, queryFn: ({ signal }) => api<{ passkeys: Passkey[] }>('/api/users/me/passkeys', { signal }),
});

type Options = Parameters<typeof startRegistration>[0]['optionsJSON'];

/** The password opens the ceremony; the browser asks the authenticator; the server checks and keeps it. */
export async function addPasskey(password: string, name: string): Promise<Passkey> {
  const optionsJSON = await api<Options>('/api/users/me/passkeys/options', { method: 'POST', body: { password } });
  const response = await startRegistration({ optionsJSON });
  return api<Passkey>('/api/users/me/passkeys', { method: 'POST', body: { name, response } });
}

export const renamePasskey = (id: string, name: string) =>
  api<{ msg: string }>(`/api/users/me/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } });
export const removePasskey = (id: string) => api<{ msg: string }>(`/api/users/me/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });
