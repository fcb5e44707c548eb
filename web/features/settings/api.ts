// The settings page's calls. The blocked list lives in web/lib/blocks.ts (the forums read it too).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagePolicy, PrivacySettings } from '../../../common/blocks.ts';
import { api } from '../../lib/api.ts';

export const settingsKeys = { privacy: ['settings', 'privacy'] as const };

export const privacyQuery = queryOptions({
  queryKey: settingsKeys.privacy,
  queryFn: ({ signal }) => api<PrivacySettings>('/api/users/me/privacy', { signal }),
});

export const usePrivacy = () => useQuery(privacyQuery);

export function useSetWhoCanMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (whoCanMessage: MessagePolicy) => api<PrivacySettings>('/api/users/me/privacy', { method: 'PUT', body: { whoCanMessage } }),
    onSuccess: (settings) => client.setQueryData(settingsKeys.privacy, settings),
  });
}
