import { api } from '../../lib/api.ts';
import type { RegisterInput } from '../../../common/accounts.ts';

export const login = (email: string, password: string) =>
  api<{ token: string }>('/api/users/login', { method: 'POST', body: { email, password } });
export const register = (input: RegisterInput) => api<{ msg: string }>('/api/users/register', { method: 'POST', body: input });
export const forgotPassword = (email: string) => api<{ msg: string }>('/api/users/forgot-password', { method: 'POST', body: { email } });
export const resetPassword = (token: string, password: string) =>
  api<{ msg: string }>(`/api/users/reset-password/${encodeURIComponent(token)}`, { method: 'POST', body: { password } });
export type LicenceInput = { profession: string; licenceNumber: string; licensingBody: string; region: string; country: string; licenceExpiresOn: string };
export const updateLicence = (input: LicenceInput) =>
  api<{ _id: string; verificationStatus: string }>('/api/users/me/licence', { method: 'PUT', body: input });
