// After approval: the dashboard's checklist and the completeness meter on /my-profile read the same answer,
// computed on the server from the member's own data. Read again on every visit, so a step done elsewhere is ticked.
// Only types come from common/onboarding.ts: its zod schemas stay out of the pages' chunks.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Onboarding } from '../../common/onboarding.ts';
import { api } from './api.ts';
import { useSession } from './session.tsx';

const onboardingKey = ['onboarding'] as const;

export function useOnboarding() {
  const { user } = useSession();
  return useQuery({
    queryKey: onboardingKey,
    queryFn: ({ signal }) => api<Onboarding>('/api/users/me/onboarding', { signal }),
    enabled: Boolean(user),
    staleTime: 0,
  });
}

/** "Dismiss": the answer it returns replaces the cached one, so the checklist goes at once. */
export function useDismissOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<Onboarding>('/api/users/me/onboarding/dismiss', { method: 'POST' }),
    onSuccess: (answer) => client.setQueryData(onboardingKey, answer),
  });
}

/** The dashboard said "Welcome": the server notes it, so the next visit says "Welcome back". */
export function useMarkWelcomed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<Onboarding>('/api/users/me/onboarding/welcomed', { method: 'POST' }),
    onSuccess: (answer) => client.setQueryData(onboardingKey, answer),
  });
}
