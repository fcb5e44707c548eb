import { Navigate } from 'react-router';
import type { AdminQueueCounts } from '../../../common/admin.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useAdminQueueCounts } from '../../lib/adminQueue.ts';

/** The queue /admin opens on: the first with work, in the order of urgency; the licence queue when none has any. */
export function firstQueueWithWork(counts: AdminQueueCounts | undefined): string {
  if (!counts) return '/admin/verifications';
  if (counts.verifications + counts.nameChanges > 0) return '/admin/verifications';
  if (counts.reports > 0) return '/admin/reports';
  if (counts.resources > 0) return '/admin/resources';
  return '/admin/verifications';
}

/** /admin: opens the queue that needs the administrator (a failed count opens the licence queue). */
export default function AdminHome() {
  const { data, isPending } = useAdminQueueCounts(true);
  if (isPending) return <PageLoader />;
  return <Navigate to={firstQueueWithWork(data)} replace />;
}
