// The dashboard's loaders. The spec: they run only with a user and a token, and a failure is logged only
// and shows as an empty list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedItem } from '../../../common/activity.ts';
import type { Community } from '../../../common/communities.ts';
import { DASHBOARD_COMMUNITIES } from '../../../common/constants.ts';
import type { Resource, ResourcePage } from '../../../common/resources.ts';
import type { Profile } from '../../../common/therapists.ts';
import { isVerified, useSession } from '../../lib/session.tsx';
import { api, getToken } from '../../lib/api.ts';

async function orEmpty<T>(load: () => Promise<T[]>, failure: string): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    console.error(failure, error);
    return [];
  }
}

function useCanLoad() {
  const { user } = useSession();
  return { enabled: Boolean(user && getToken()) };
}

export function useRecentActivity() {
  const { enabled } = useCanLoad();
  return useQuery({
    queryKey: ['activity', 'feed'],
    enabled,
    queryFn: () => orEmpty(() => api<FeedItem[]>('/api/activity/feed'), 'Failed to fetch feed'),
  });
}

export function useMyCommunities() {
  const { enabled } = useCanLoad();
  return useQuery({
    queryKey: ['communities', 'joined', 'dashboard'],
    enabled,
    queryFn: () => orEmpty(async () => {
      const list = await api<Community[]>(`/api/communities/joined?limit=${DASHBOARD_COMMUNITIES}`);
      return list.slice(0, DASHBOARD_COMMUNITIES);
    }, 'Failed to fetch communities'),
  });
}

/** The spec: the first resource of the public list is the latest. */
export function useLatestResource() {
  const { enabled } = useCanLoad();
  return useQuery({
    queryKey: ['resources', 'latest'],
    enabled,
    queryFn: () => orEmpty<Resource>(async () => (await api<ResourcePage>('/api/resources?limit=1')).resources, 'Failed to fetch resources'),
  });
}

// The owner's profile under the same key as the profile pages, so a confirmation here shows there and back.
const ownProfileKey = (id: string) => ['therapists', 'profile', id] as const;

/** The signed-in member's own profile, for the availability reminder; verified members only (they can confirm). */
export function useOwnAvailability() {
  const { user } = useSession();
  const id = user?._id ?? '';
  return useQuery({
    queryKey: ownProfileKey(id),
    enabled: Boolean(user && getToken() && isVerified(user)),
    queryFn: ({ signal }) => api<Profile>(`/api/users/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

export function useConfirmAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<Profile>('/api/users/me/availability/confirm', { method: 'POST' }),
    onSuccess: async (me) => {
      client.setQueryData(ownProfileKey(me._id), me);
      // Cards in the directory carry the staleness too.
      await client.invalidateQueries({ queryKey: ['therapists', 'directory'] });
    },
  });
}
