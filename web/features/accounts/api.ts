import { api } from '../../lib/api.ts';
import type { LoginResult, RegisterInput, RegisterResult } from '../../../common/accounts.ts';

export const login = (email: string, password: string) =>
  api<LoginResult>('/api/users/login', { method: 'POST', body: { email, password } });
/** The second step with two-factor sign-in on: a code from the app, or a recovery code. */
export const loginWithCode = (mfaToken: string, code: string) =>
  api<{ token: string; recoveryCodesLeft?: number }>('/api/users/login/2fa', { method: 'POST', body: { mfaToken, code } });
export const register = (input: RegisterInput) => api<RegisterResult>('/api/users/register', { method: 'POST', body: input });
export const forgotPassword = (email: string) => api<{ msg: string }>('/api/users/forgot-password', { method: 'POST', body: { email } });
export const resetPassword = (token: string, password: string) =>
  api<{ msg: string }>(`/api/users/reset-password/${encodeURIComponent(token)}`, { method: 'POST', body: { password } });
export type LicenceInput = { profession: string; licenceNumber: string; licensingBody: string; region: string; country: string; licenceExpiresOn: string };
type OwnLicence = Partial<Record<'profession' | 'licenceNumber' | 'licensingBody' | 'licenceRegion' | 'licenceCountry', string>>
  & { licenceExpiresOn?: string | null };

/** What the member submitted last, to correct rather than type again (the owner's profile carries the licence). */
export async function ownLicence(userId: string): Promise<LicenceInput> {
  const p = await api<OwnLicence>(`/api/users/${userId}`);
  return {
    profession: p.profession ?? '', licenceNumber: p.licenceNumber ?? '', licensingBody: p.licensingBody ?? '',
    region: p.licenceRegion ?? '', country: p.licenceCountry ?? '', licenceExpiresOn: p.licenceExpiresOn ?? '',
  };
}

export const updateLicence = (input: LicenceInput) =>
  api<{ _id: string; verificationStatus: string }>('/api/users/me/licence', { method: 'PUT', body: input });
