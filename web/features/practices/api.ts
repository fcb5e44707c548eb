// The practice screens' calls: fetchers and TanStack Query hooks. Only types come from common/practices.ts.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePractice, InboxItem, InboxPage, Invitation, InvitationList, Practice, PracticeReferralState,
} from '../../../common/practices.ts';
import { api, query } from '../../lib/api.ts';

const KEY = ['practices'] as const;
const enc = encodeURIComponent;

export const usePractice = (idOrSlug: string) => useQuery({
  queryKey: [...KEY, 'one', idOrSlug],
  queryFn: ({ signal }) => api<Practice>(`/api/practices/${enc(idOrSlug)}`, { signal }),
  retry: false,
});


export const useInbox = (practiceId: string | undefined, status: PracticeReferralState | null) => useInfiniteQuery({
  queryKey: [...KEY, 'inbox', practiceId, status],
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) => api<InboxPage>(`/api/practices/${enc(practiceId ?? '')}/referrals${query({ status, cursor: pageParam })}`, { signal }),
  getNextPageParam: (last) => last.nextCursor,
  enabled: Boolean(practiceId),
});

export const useMyInvitations = () => useQuery({
  queryKey: [...KEY, 'my-invitations'],
  queryFn: ({ signal }) => api<InvitationList>('/api/users/me/practice-invitations', { signal }),
  select: (data) => data.invitations,
});

export const usePracticeInvitations = (practiceId: string | undefined, enabled: boolean) => useQuery({
  queryKey: [...KEY, 'invitations', practiceId],
  queryFn: ({ signal }) => api<InvitationList>(`/api/practices/${enc(practiceId ?? '')}/invitations`, { signal }),
  enabled: Boolean(practiceId) && enabled,
  select: (data) => data.invitations,
});

/** After any change to practices, what was read of them is read again. */
function usePracticeMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useCreatePractice = () =>
  usePracticeMutation((body: CreatePractice) => api<Practice>('/api/practices', { method: 'POST', body, idempotent: true }));
export const useInvite = (id: string) =>
  usePracticeMutation((body: { userId: string; role: string }) => api<Invitation>(`/api/practices/${enc(id)}/invitations`, { method: 'POST', body, idempotent: true }));
export const useAnswerInvitation = () =>
  usePracticeMutation(({ practiceId, invitationId, accept }: { practiceId: string; invitationId: string; accept: boolean }) =>
    api<Invitation>(`/api/practices/${enc(practiceId)}/invitations/${enc(invitationId)}`, { method: 'PATCH', body: { accept } }));
export const useUploadLogo = (id: string) => usePracticeMutation((file: File) => {
  const form = new FormData();
  form.append('logo', file, file.name);
  return api<Practice>(`/api/practices/${enc(id)}/logo`, { method: 'POST', body: form });
});
export const useRemoveLogo = (id: string) =>
  usePracticeMutation(() => api<Practice>(`/api/practices/${enc(id)}/logo`, { method: 'DELETE' }));
export const useChangeRole = (id: string) =>
  usePracticeMutation(({ userId, role }: { userId: string; role: string }) => api<Practice>(`/api/practices/${enc(id)}/members/${enc(userId)}`, { method: 'PATCH', body: { role } }));
export const useRemoveMember = (id: string) =>
  usePracticeMutation((userId: string) => api<Practice>(`/api/practices/${enc(id)}/members/${enc(userId)}`, { method: 'DELETE' }));
export const useHandOver = (id: string) =>
  usePracticeMutation((userId: string) => api<Practice>(`/api/practices/${enc(id)}/owner`, { method: 'POST', body: { userId } }));
export const useAssign = (id: string) =>
  usePracticeMutation(({ referralId, userId }: { referralId: string; userId: string }) =>
    api<InboxItem>(`/api/practices/${enc(id)}/referrals/${enc(referralId)}/assign`, { method: 'POST', body: { userId } }));
export const useNoCapacity = (id: string) =>
  usePracticeMutation((referralId: string) =>
    api<InboxItem>(`/api/practices/${enc(id)}/referrals/${enc(referralId)}`, { method: 'PATCH', body: { response: 'no capacity' } }));

/** The directory's people search, for inviting a colleague by name. */
export const useTherapistSearch = (search: string) => useQuery({
  queryKey: ['therapists', 'invite-search', search],
  queryFn: ({ signal }) => api<{ users: { _id: string; name: string; profession: string }[] }>(`/api/users${query({ q: search, limit: '8' })}`, { signal }),
  enabled: search.trim().length >= 2,
  select: (data) => data.users,
});
