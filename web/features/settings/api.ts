// The settings page's calls. The blocked list lives in web/lib/blocks.ts (the forums read it too).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagePolicy, PrivacySettings } from '../../../common/blocks.ts';
import type { NotificationPreferences, UpdatePreferencesInput } from '../../../common/notifications.ts';
import { api } from '../../lib/api.ts';

const settingsKeys = { privacy: ['settings', 'privacy'] as const };

const privacyQuery = queryOptions({
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

export function useSetDirectoryListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (listedInDirectory: boolean) => api<PrivacySettings>('/api/users/me/privacy', { method: 'PUT', body: { listedInDirectory } }),
    onSuccess: (settings) => client.setQueryData(settingsKeys.privacy, settings),
  });
}

// ---- notifications tab ----

const notificationPreferencesQuery = queryOptions({
  queryKey: ['settings', 'notifications'] as const,
  queryFn: ({ signal }) => api<NotificationPreferences>('/api/notifications/preferences', { signal }),
});

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery);

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesInput) => api<NotificationPreferences>('/api/notifications/preferences', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(notificationPreferencesQuery.queryKey, saved),
  });
}
