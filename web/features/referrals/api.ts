// The referral screens' calls: fetchers, TanStack Query options and hooks. Only types come from common/referrals.ts.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  BoardPage, CreateReferralInput, Referral, ReferralPage, RecipientResponse, Suggestion,
} from '../../../common/referrals.ts';
import type { Profile } from '../../../common/therapists.ts';
import type { ReferralOutcome } from '../../../common/referral-outcomes.ts';
import type { Practice, PracticeSuggestion } from '../../../common/practices.ts';
import { api, query } from '../../lib/api.ts';
import { REFERRALS_KEY } from '../../lib/referrals.ts';

export type Box = 'received' | 'sent';

/** The needs the suggestions are ranked by (the form's fields that describe the client). */
export type NeedsQuery = {
  ageGroup: string | null; concerns: string[]; modalities: string[]; sessionFormats: string[];
  region: string | null; languages: string[]; feeModels: string[];
};

const referralKeys = {
  list: (box: Box) => [...REFERRALS_KEY, 'list', box] as const,
  board: [...REFERRALS_KEY, 'board'] as const,
  one: (id: string) => [...REFERRALS_KEY, 'one', id] as const,
  suggestions: (needs: NeedsQuery) => [...REFERRALS_KEY, 'suggestions', needs] as const,
};

export const useReferralList = (box: Box) => useInfiniteQuery({
  queryKey: referralKeys.list(box),
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) => api<ReferralPage>(`/api/referrals${query({ box, before: pageParam })}`, { signal }),
  getNextPageParam: (last) => last.nextCursor,
});

export const useBoard = () => useInfiniteQuery({
  queryKey: referralKeys.board,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) => api<BoardPage>(`/api/referrals/board${query({ before: pageParam })}`, { signal }),
  getNextPageParam: (last) => last.nextCursor,
});

export const useReferral = (id: string) => useQuery({
  queryKey: referralKeys.one(id),
  queryFn: ({ signal }) => api<Referral>(`/api/referrals/${encodeURIComponent(id)}`, { signal }),
  // 404 will not change on a second try.
  retry: false,
});

/** Suggestions need at least an age group or a concern to rank by; until then the list is not asked for. */
export const canSuggest = (needs: NeedsQuery) => Boolean(needs.ageGroup || needs.concerns.length);

/** The therapists and the group practices suggested for the needs (docs/decisions/0345). */
export const useSuggestions = (needs: NeedsQuery) => useQuery({
  queryKey: referralKeys.suggestions(needs),
  queryFn: ({ signal }) => api<{ suggestions: Suggestion[]; practices?: PracticeSuggestion[] }>(`/api/referrals/suggestions${query(needs)}`, { signal }),
  enabled: canSuggest(needs),
  // The previous ranking stays on screen while the next loads, so the checkboxes do not jump away.
  placeholderData: keepPreviousData,
});

/** The therapist chosen from their profile ("Refer a client"), to show by name before the suggestions load. */
export const useChosenTherapist = (id: string | null) => useQuery({
  queryKey: ['therapists', 'profile', id ?? ''],
  queryFn: ({ signal }) => api<Profile>(`/api/users/${encodeURIComponent(id ?? '')}`, { signal }),
  enabled: Boolean(id),
  retry: false,
});

/** The practice chosen on its page ("Refer to this practice"), to show by name and send to. */
export const useChosenPractice = (id: string | null) => useQuery({
  queryKey: ['practices', 'one', id ?? ''],
  queryFn: ({ signal }) => api<Practice>(`/api/practices/${encodeURIComponent(id ?? '')}`, { signal }),
  enabled: Boolean(id),
  retry: false,
});

/**
 * After any change, every referral list, count and the changed referral are fetched again, and `alsoRead` says what
 * else the change touched. In the mutation's own options, not mutate()'s: those run even once the form that sent the
 * change has gone (an answered referral replaces its answer form).
 */
function useReferralMutation<Input>(send: (input: Input) => Promise<Referral>, alsoRead?: (client: QueryClient, input: Input) => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (referral, input) => {
      client.setQueryData(referralKeys.one(referral._id), referral);
      void client.invalidateQueries({ queryKey: REFERRALS_KEY, predicate: (q) => q.queryKey[2] !== referral._id });
      void alsoRead?.(client, input);
    },
  });
}

export const useCreateReferral = () =>
  useReferralMutation((body: CreateReferralInput) => api<Referral>('/api/referrals', { method: 'POST', body, idempotent: true }));

type Answer = { response: RecipientResponse; message: string; confirmLikelyName: boolean; stopAccepting: boolean };

/**
 * A recipient's answer. A "no capacity" answer may also close the profile to new clients: the server does both in one
 * write, and the profile, the dashboard's reminder and the directory read the member again.
 */
export const useRespond = (id: string) =>
  useReferralMutation(({ stopAccepting, ...body }: Answer) =>
    api<Referral>(`/api/referrals/${encodeURIComponent(id)}`, { method: 'PATCH', body: stopAccepting ? { ...body, stopAccepting } : body }),
  (client, { stopAccepting }) => stopAccepting ? client.invalidateQueries({ queryKey: ['therapists'] }) : undefined);

export const useSetStatus = (id: string) =>
  useReferralMutation((status: 'placed' | 'withdrawn') =>
    api<Referral>(`/api/referrals/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status } }));

/** The accepting recipient's outcome after the hand-off (one of the three fixed words). */
export const useRecordOutcome = (id: string) =>
  useReferralMutation((outcome: ReferralOutcome) =>
    api<Referral>(`/api/referrals/${encodeURIComponent(id)}`, { method: 'PATCH', body: { outcome } }));

export const useAcceptOffer = (id: string) =>
  useReferralMutation((offerId: string) =>
    api<Referral>(`/api/referrals/${encodeURIComponent(id)}/offers/${encodeURIComponent(offerId)}/accept`, { method: 'POST' }));

/** "I can take this": the answer is the referral as a board member sees it; the board refetches. */
export function useOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message, confirmLikelyName }: { id: string; message: string; confirmLikelyName: boolean }) =>
      api<unknown>(`/api/referrals/${encodeURIComponent(id)}/offers`, { method: 'POST', body: { message, confirmLikelyName }, idempotent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: referralKeys.board }),
  });
}
