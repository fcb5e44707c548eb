// The group screens' calls: fetchers and TanStack Query hooks. Only types come from common/groups.ts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupInput, GroupCase, GroupDetail, GroupPage, Meeting } from '../../../common/groups.ts';
import { api, query } from '../../lib/api.ts';

const KEY = ['groups'] as const;
type Invitations = { invitations: { _id: string; kind: 'invitation' | 'request'; group: { _id: string; name: string }; createdAt: string }[] };
type Attendance = { meetingId: string; lines: { user: { _id: string; name: string }; confirmedAt: string | null }[] };

export const useMyGroups = () => useQuery({ queryKey: [...KEY, 'mine'], queryFn: ({ signal }) => api<GroupPage>('/api/groups?mine=1', { signal }) });

export const useFindGroups = (filter: { q: string; specialty: string | null; modality: string | null }) => useQuery({
  queryKey: [...KEY, 'find', filter],
  queryFn: ({ signal }) => api<GroupPage>(`/api/groups${query({ q: filter.q, specialty: filter.specialty, modality: filter.modality })}`, { signal }),
});

export const useMyInvitations = () => useQuery({
  queryKey: [...KEY, 'invitations'], queryFn: ({ signal }) => api<Invitations>('/api/users/me/group-invitations', { signal }),
});

export const useGroup = (id: string) => useQuery({
  queryKey: [...KEY, 'one', id], queryFn: ({ signal }) => api<GroupDetail>(`/api/groups/${encodeURIComponent(id)}`, { signal }), retry: false,
});

export const usePastMeetings = (id: string, enabled: boolean) => useQuery({
  queryKey: [...KEY, 'past', id], enabled,
  queryFn: ({ signal }) => {
    const to = new Date();
    const from = new Date(to.getTime() - 90 * 86_400_000);
    return api<{ meetings: Meeting[] }>(`/api/groups/${id}/meetings${query({ from: from.toISOString(), to: to.toISOString() })}`, { signal });
  },
});

export const useAttendance = (groupId: string, meetingId: string | null) => useQuery({
  queryKey: [...KEY, 'attendance', groupId, meetingId], enabled: Boolean(meetingId),
  queryFn: ({ signal }) => api<Attendance>(`/api/groups/${groupId}/meetings/${meetingId}/attendance`, { signal }),
});

/** Any write about groups: answered, every group list and page is asked again. */
export function useGroupWrite<I, O>(write: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const groupCalls = {
  create: (body: CreateGroupInput) => api<GroupDetail>('/api/groups', { method: 'POST', body, idempotent: true }),
  invite: ({ id, userId }: { id: string; userId: string }) => api(`/api/groups/${id}/invitations`, { method: 'POST', body: { userId }, idempotent: true }),
  answer: ({ id, invitationId, accept }: { id: string; invitationId: string; accept: boolean }) =>
    api(`/api/groups/${id}/invitations/${invitationId}`, { method: 'PATCH', body: { accept } }),
  requestToJoin: ({ id, message }: { id: string; message: string }) =>
    api(`/api/groups/${id}/join-requests`, { method: 'POST', body: { message }, idempotent: true }),
  remove: ({ id, userId }: { id: string; userId: string }) => api(`/api/groups/${id}/members/${userId}`, { method: 'DELETE' }),
  cancelMeeting: ({ id, meetingId }: { id: string; meetingId: string }) =>
    api(`/api/groups/${id}/meetings/${meetingId}`, { method: 'PATCH', body: { status: 'cancelled' } }),
  attendance: ({ id, meetingId, attendedUserIds }: { id: string; meetingId: string; attendedUserIds: string[] }) =>
    api(`/api/groups/${id}/meetings/${meetingId}/attendance`, { method: 'PUT', body: { attendedUserIds } }),
  confirm: ({ id, meetingId }: { id: string; meetingId: string }) => api(`/api/groups/${id}/meetings/${meetingId}/attendance/confirm`, { method: 'POST' }),
  createCase: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
    api<GroupCase>(`/api/groups/${id}/cases`, { method: 'POST', body, idempotent: true }),
  comment: ({ id, caseId, body }: { id: string; caseId: string; body: { body: string; confirmLikelyName: boolean; attachmentIds: string[] } }) =>
    api<GroupCase>(`/api/groups/${id}/cases/${caseId}/comments`, { method: 'POST', body, idempotent: true }),
};
