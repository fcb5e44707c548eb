// The review of reported content: open (or resolved) items, a page at a time, and the moderators' actions.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportAction, ReportPage } from '../../../common/moderation.ts';
import { api, query } from '../../lib/api.ts';

const REPORTS = ['admin', 'reports'] as const;

export const useReports = (status: 'open' | 'resolved') => useInfiniteQuery({
  queryKey: [...REPORTS, status],
  initialPageParam: null as string | null,
  queryFn: ({ pageParam }) => api<ReportPage>(`/api/admin/reports${query({ status, before: pageParam })}`),
  getNextPageParam: (last) => last.nextCursor,
});

export function useReviewReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: string; action: ReportAction; note?: string }) =>
      api<{ msg: string; resolved: number }>(`/api/admin/reports/${id}`, { method: 'PATCH', body: { action, note: note || undefined } }),
    // The removed content shows elsewhere too (a thread, the library): those lists refetch when next shown.
    onSuccess: () => client.invalidateQueries(),
  });
}
