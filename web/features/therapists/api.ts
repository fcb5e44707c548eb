// The therapist network's calls: fetchers, query options and hooks.
// Only types come from common/therapists.ts: its zod schemas would otherwise travel in these pages' chunks.
import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PracticeListPage } from '../../../common/practices.ts';
import type { DirectoryResponse, FavoriteUser, Profile, ProfileUpdateInput } from '../../../common/therapists.ts';
import { api, getToken, isRefusal, query } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import type { DirectoryFilters } from './filters.ts';

const therapistKeys = {
  directory: (filters: DirectoryFilters) => ['therapists', 'directory', filters] as const,
  profile: (id: string) => ['therapists', 'profile', id] as const,
  favorites: ['therapists', 'favorites'] as const,
};

export const directoryUrl = (filters: DirectoryFilters) =>
  `/api/users${query({ ...filters, page: filters.page > 1 ? filters.page : undefined })}`;

export const directoryQuery = (filters: DirectoryFilters) => queryOptions({
  queryKey: therapistKeys.directory(filters),
  queryFn: ({ signal }) => api<DirectoryResponse>(directoryUrl(filters), { signal }),
  // The previous page stays on screen while the next one loads, so the layout does not jump.
  placeholderData: keepPreviousData,
});

const profileQuery = (id: string) => queryOptions({
  queryKey: therapistKeys.profile(id),
  queryFn: ({ signal }) => api<Profile>(`/api/users/${encodeURIComponent(id)}`, { signal }),
  // 404 and 401 will not change on a second try.
  retry: false,
});

export const useDirectory = (filters: DirectoryFilters, enabled = true) => useQuery({ ...directoryQuery(filters), enabled });
export const useProfile = (id: string, enabled = true) => useQuery({ ...profileQuery(id), enabled });

/** The signed-in user's network: the stars on cards and the 'My network' list. */
export const useFavorites = (enabled: boolean) => useQuery({
  queryKey: therapistKeys.favorites,
  queryFn: ({ signal }) => api<{ favorites: FavoriteUser[] }>('/api/users/me/favorites', { signal }),
  enabled,
  select: (data) => data.favorites,
});

export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<Profile>(`/api/users/favorites/${encodeURIComponent(userId)}`, { method: 'PATCH' }),
    onSuccess: (me, userId) => {
      // The answer is the current user with the whole network: every star and list can update from it.
      client.setQueryData(therapistKeys.favorites, { favorites: me.favorites });
      client.setQueryData(therapistKeys.profile(me._id), me);
      client.setQueryData<Profile>(therapistKeys.profile(userId), (old) =>
        old && { ...old, isFavorite: me.favorites.some((f) => f._id === userId) });
    },
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  const { refresh } = useSession();
  return useMutation({
    mutationFn: (changes: ProfileUpdateInput) => api<Profile>('/api/users/me', { method: 'PUT', body: changes }),
    onSuccess: async (me) => {
      client.setQueryData(therapistKeys.profile(me._id), me);
      // The name on cards and in the session may have changed.
      await client.invalidateQueries({ queryKey: ['therapists', 'directory'] });
      await refresh();
    },
  });
}

/** Start Chat: open (or reuse) the conversation and go to it; signed out goes to /login (spec section 8). */
export function useStartChat() {
  const navigate = useNavigate();
  const [startingWith, setStartingWith] = useState<string | null>(null);
  // The server's refusal ('This member is not accepting messages from you.') is shown; other failures are logged.
  const [refusal, setRefusal] = useState<string | null>(null);
  const start = async (recipientId: string) => {
    if (!getToken()) {
      navigate('/login');
      return;
    }
    setStartingWith(recipientId);
    setRefusal(null);
    try {
      const conversation = await api<{ _id: string }>('/api/conversations', { method: 'POST', body: { recipientId } });
      navigate(`/chat/${conversation._id}`);
    } catch (error) {
      console.error('Failed to start conversation', error);
      if (isRefusal(error)) setRefusal(error.message);
      setStartingWith(null);
    }
  };
  return { start, startingWith, refusal };
}

/** The directory's Practices tab: practices whose clinicians match the same filters, a page at a time (a cursor). */
export const usePracticeDirectory = (filters: DirectoryFilters, enabled: boolean) => useInfiniteQuery({
  queryKey: ['therapists', 'practices', { ...filters, page: 1 }],
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) => api<PracticeListPage>(`/api/practices${query({ ...filters, page: undefined, cursor: pageParam })}`, { signal }),
  getNextPageParam: (last) => last.nextCursor,
  enabled,
});
