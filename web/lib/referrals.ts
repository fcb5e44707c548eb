// What several parts of the signed-in app show of referrals (the navigation badge, the dashboard card, the referral
// screens), and the live events that keep it current. Only types come from common/referrals.ts: its zod schemas stay
// out of the layout's chunk.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReferralCounts, ReferralPage } from '../../common/referrals.ts';
import { api, query } from './api.ts';
import { isVerified, useSession } from './session.tsx';
import { getSocket } from './socket.ts';

/** Every referral query lives under this prefix, so one live event refreshes whatever is on screen. */
export const REFERRALS_KEY = ['referrals'] as const;
const referralCountsKey = [...REFERRALS_KEY, 'counts'] as const;

/** Open referrals received and sent: the navigation badge and the dashboard card. Verified members only (403 else). */
export function useReferralCounts() {
  const { user } = useSession();
  return useQuery({
    queryKey: referralCountsKey,
    queryFn: ({ signal }) => api<ReferralCounts>('/api/referrals/counts', { signal }),
    enabled: isVerified(user),
  });
}

/** The newest open referrals received (the dashboard's few). */
export function useLatestReceived(limit: number) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...REFERRALS_KEY, 'latest-received'],
    queryFn: ({ signal }) => api<ReferralPage>(`/api/referrals${query({ box: 'received', status: 'open' })}`, { signal }),
    enabled: isVerified(user),
    select: (page) => page.referrals.slice(0, limit),
  });
}

/**
 * Listens for `referralReceived` and `referralUpdated` on the app's one socket (connected by the chat's realtime
 * connection) and refetches the referral queries on screen; after a reconnection too, since events sent while away
 * are not replayed.
 */
export function useLiveReferrals(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const socket = getSocket();
    // Suggestions rank profiles, which these events do not change.
    const refresh = () => void client.invalidateQueries({ queryKey: REFERRALS_KEY, predicate: (q) => q.queryKey[1] !== 'suggestions' });
    socket.on('referralReceived', refresh);
    socket.on('referralUpdated', refresh);
    socket.io.on('reconnect', refresh);
    return () => {
      socket.off('referralReceived', refresh);
      socket.off('referralUpdated', refresh);
      socket.io.off('reconnect', refresh);
    };
  }, [client, enabled]);
}
