// The Security tab's calls: two-factor sign-in, sessions, password and email change.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionsPage, TwoFactorSetup, TwoFactorStatus } from '../../../common/security.ts';
import { api, query } from '../../lib/api.ts';

export const securityKeys = { twoFactor: ['settings', 'two-factor'] as const, sessions: ['settings', 'sessions'] as const };

const twoFactorQuery = queryOptions({
  queryKey: securityKeys.twoFactor,
  queryFn: ({ signal }) => api<TwoFactorStatus>('/api/users/me/2fa', { signal }),
});
export const useTwoFactorStatus = () => useQuery(twoFactorQuery);

const sessionsQuery = infiniteQueryOptions({
  queryKey: securityKeys.sessions,
  queryFn: ({ signal, pageParam }) => api<SessionsPage>(`/api/users/me/sessions${query({ before: pageParam })}`, { signal }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});
export const useSessions = () => useInfiniteQuery(sessionsQuery);

/** The current password opens the setup. */
export const startTwoFactorSetup = (password: string) =>
  api<TwoFactorSetup>('/api/users/me/2fa/setup', { method: 'POST', body: { password } });

/** Each change that alters the two-factor state or the sessions refreshes what the tab shows. */
function useSecurityMutation<I, O>(call: (input: I) => Promise<O>, refresh: readonly (readonly string[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const useEnableTwoFactor = () => useSecurityMutation(
  (code: string) => api<{ recoveryCodes: string[] }>('/api/users/me/2fa/enable', { method: 'POST', body: { code } }), [securityKeys.twoFactor]);
export const useDisableTwoFactor = () => useSecurityMutation(
  (body: { password: string; code: string }) => api<{ msg: string }>('/api/users/me/2fa/disable', { method: 'POST', body }), [securityKeys.twoFactor]);
export const useEndSession = () => useSecurityMutation(
  (id: string) => api<{ msg: string }>(`/api/users/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }), [securityKeys.sessions]);
export const useEndOtherSessions = () => useSecurityMutation(
  () => api<{ msg: string; ended: number }>('/api/users/me/sessions', { method: 'DELETE' }), [securityKeys.sessions]);

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  api<{ msg: string }>('/api/users/me/password', { method: 'POST', body });
export const changeEmail = (body: { email: string; password: string }) => api<{ msg: string }>('/api/users/me/email', { method: 'POST', body });
export const confirmEmail = (token: string) => api<{ msg: string }>('/api/users/confirm-email', { method: 'POST', body: { token } });
