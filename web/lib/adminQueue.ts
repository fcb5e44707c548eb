// How much waits in the administrators' queues: the Admin navigation item's badge, and where /admin opens.
// Only types come from common/: its zod schemas would otherwise travel in the layout's chunk.
import { useQuery } from '@tanstack/react-query';
import type { AdminQueueCounts } from '../../common/admin.ts';
import { api } from './api.ts';

export const adminQueueKey = ['admin', 'queue-counts'] as const;

// Nothing pushes these counts: a new registration or report is read within a minute, and at once after a decision.
const REFRESH_MS = 60_000;

export function useAdminQueueCounts(enabled: boolean) {
  return useQuery({
    queryKey: adminQueueKey,
    queryFn: ({ signal }) => api<AdminQueueCounts>('/api/admin/queue-counts', { signal }),
    enabled,
    refetchInterval: REFRESH_MS,
  });
}

/** What the badge counts: everything waiting for an administrator, in every queue. */
export const adminWaiting = (c: AdminQueueCounts | undefined) => (c ? c.verifications + c.nameChanges + c.reports + c.resources : 0);

/** The queue /admin opens on: the first with work, in the order of urgency; the licence queue when none has any. */
export function firstQueueWithWork(counts: AdminQueueCounts | undefined): string {
  if (!counts) return '/admin/verifications';
  if (counts.verifications + counts.nameChanges > 0) return '/admin/verifications';
  if (counts.reports > 0) return '/admin/reports';
  if (counts.resources > 0) return '/admin/resources';
  return '/admin/verifications';
}
