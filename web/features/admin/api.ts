// The Admin area's calls: the resource approval queue, licence verifications and the audit log.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NameChangeQueue, NameDecisionResult, VerificationQueue } from '../../../common/admin.ts';
import type { AuditFilters, AuditPage } from '../../../common/audit.ts';
import type { ForumPrivacySetting } from '../../../common/privacy-check.ts';
import type { ResourcePage } from '../../../common/resources.ts';
import type { LegalHold, RetentionSettings } from '../../../common/retention.ts';
import type { Profile } from '../../../common/therapists.ts';
import { adminQueueKey } from '../../lib/adminQueue.ts';
import { api, query } from '../../lib/api.ts';

// Every list of resources sits under 'resources', whichever screen shows it (the library, the dashboard, this queue):
// approving or declining one refreshes them all.
const RESOURCES = ['resources'] as const;

const adminKeys = {
  resourceQueue: (page: number) => [...RESOURCES, 'moderation', page] as const,
  verifications: ['admin', 'verifications'] as const,
  verificationQueue: (page: number) => ['admin', 'verifications', page] as const,
  nameChanges: (page: number) => ['admin', 'verifications', 'names', page] as const,
  audit: (filters: AuditSearch) => ['admin', 'audit', filters] as const,
};

/** The approval queue; a failure is logged only (spec section 8) and shows as an empty list. */
export const useResourceQueue = (page: number) => useQuery({
  queryKey: adminKeys.resourceQueue(page),
  placeholderData: keepPreviousData,
  queryFn: async (): Promise<ResourcePage> => {
    try {
      return await api<ResourcePage>(`/api/resources/all${query({ page })}`);
    } catch (error) {
      console.error('Failed to fetch resources', error);
      return { resources: [], totalPages: 1, currentPage: page };
    }
  },
});

function useResourceDecision(run: (id: string) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: RESOURCES }), client.invalidateQueries({ queryKey: adminQueueKey })]),
  });
}

export const useApproveResource = () =>
  useResourceDecision((id) => api<{ msg: string }>(`/api/resources/${id}/approve`, { method: 'PATCH' }));

/** Decline permanently deletes the resource (spec section 4). */
export const useDeclineResource = () =>
  useResourceDecision((id) => api<{ msg: string }>(`/api/resources/${id}`, { method: 'DELETE' }));

export const useVerificationQueue = (page: number) => useQuery({
  queryKey: adminKeys.verificationQueue(page),
  queryFn: () => api<VerificationQueue>(`/api/admin/verifications${query({ page, limit: 20 })}`),
});

export type VerificationDecision = { id: string; approved: boolean; reason?: string };

export function useDecideVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approved, reason }: VerificationDecision) =>
      api(`/api/admin/verifications/${id}`, { method: 'PATCH', body: { approved, reason } }),
    // The queues, their counts (the navigation's badge) and the audit log.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Verified members' name changes, apart from new members' licences. */
export const useNameChanges = (page: number) => useQuery({
  queryKey: adminKeys.nameChanges(page),
  queryFn: () => api<NameChangeQueue>(`/api/admin/verifications/names${query({ page, limit: 20 })}`),
});

export function useDecideNameChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approved }: { id: string; approved: boolean }) =>
      api<NameDecisionResult>(`/api/admin/verifications/${id}/name`, { method: 'PATCH', body: { approved } }),
    // The queues, their counts (the navigation's badge) and the audit log.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export type AuditSearch = Omit<AuditFilters, 'cursor' | 'limit'>;

/** The trail, filtered, in cursor pages (newest first). */
export const useAuditLog = (filters: AuditSearch) => useInfiniteQuery({
  queryKey: adminKeys.audit(filters),
  initialPageParam: null as string | null,
  placeholderData: keepPreviousData,
  queryFn: ({ pageParam }) => api<AuditPage>(`/api/admin/audit${query({ ...filters, cursor: pageParam })}`),
  getNextPageParam: (last) => last.nextCursor,
});

/** A member as the admin account screen shows them: the profile every member may read (name and status). */
export const useMemberForAdmin = (id: string) => useQuery({
  queryKey: ['admin', 'member', id],
  queryFn: ({ signal }) => api<Pick<Profile, '_id' | 'name' | 'verificationStatus'>>(`/api/users/${encodeURIComponent(id)}`, { signal }),
});

/** Turns off the member's two-factor sign-in (audited; the member is told by email). */
export const resetMemberTwoFactor = (id: string) =>
  api<{ msg: string }>(`/api/admin/users/${encodeURIComponent(id)}/two-factor/reset`, { method: 'POST' });

const FORUM_PRIVACY = ['admin', 'forum-privacy'] as const;

/** What a forum post that looks identifying meets: a question the writer confirms, or a refusal. */
export const useForumPrivacy = () => useQuery({
  queryKey: FORUM_PRIVACY,
  queryFn: () => api<ForumPrivacySetting>('/api/admin/forum-privacy'),
});

export function useSaveForumPrivacy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ForumPrivacySetting) => api<ForumPrivacySetting>('/api/admin/forum-privacy', { method: 'PUT', body }),
    // The setting and the audit log, which now holds the change.
    onSuccess: (saved) => {
      client.setQueryData(FORUM_PRIVACY, saved);
      return client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** How long each kind of record is kept (the daily purge's settings). */
export const useRetention = () => useQuery({
  queryKey: ['admin', 'retention'],
  queryFn: ({ signal }) => api<RetentionSettings>('/api/admin/retention', { signal }),
});

export function useSaveRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: RetentionSettings) => api<RetentionSettings>('/api/admin/retention', { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      client.setQueryData(['admin', 'retention'], saved);
      return client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

const legalHoldKey = (id: string) => ['admin', 'member', id, 'legal-hold'] as const;

/** A member's legal hold, which administrators alone see. */
export const useLegalHold = (id: string) => useQuery({
  queryKey: legalHoldKey(id),
  queryFn: ({ signal }) => api<LegalHold>(`/api/admin/users/${encodeURIComponent(id)}/legal-hold`, { signal }),
});

export function useSetLegalHold(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { on: boolean; reason?: string }) =>
      api<LegalHold>(`/api/admin/users/${encodeURIComponent(id)}/legal-hold`, { method: 'PUT', body }),
    onSuccess: (hold) => {
      client.setQueryData(legalHoldKey(id), hold);
      return client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
