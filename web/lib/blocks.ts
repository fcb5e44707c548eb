// The members the signed-in user blocked: read once (TanStack Query caches it for the session) by the forums, which
// collapse their posts and comments, the profile's Block button and the settings page's list.
// Only types come from common/blocks.ts: its zod schemas would otherwise travel in every page's chunk.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedList } from '../../common/blocks.ts';
import { api } from './api.ts';
import { useSession } from './session.tsx';

const blockKeys = { mine: ['blocks', 'mine'] as const };

const blockedQuery = queryOptions({
  queryKey: blockKeys.mine,
  queryFn: ({ signal }) => api<BlockedList>('/api/users/me/blocked', { signal }),
  // Changes only through this user's own Block and Unblock, which update it.
  staleTime: Infinity,
});

/** The list, for the settings page. */
export function useBlockedMembers() {
  const { user } = useSession();
  return useQuery({ ...blockedQuery, enabled: Boolean(user), select: (data) => data.users });
}

const EMPTY = new Set<string>();
/** The ids of the members the user blocked (empty while loading or signed out). */
export function useBlockedIds(): Set<string> {
  const { user } = useSession();
  const { data } = useQuery({ ...blockedQuery, enabled: Boolean(user), select: (list) => new Set(list.users.map((u) => u._id)) });
  return data ?? EMPTY;
}

/** Block or unblock; the cached list is read again afterwards. */
export function useBlockMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      api<{ msg: string }>(`/api/users/${encodeURIComponent(userId)}/block`, { method: blocked ? 'POST' : 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: blockKeys.mine }),
  });
}
