import { Navigate } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { firstQueueWithWork, useAdminQueueCounts } from '../../lib/adminQueue.ts';

/** /admin: opens the queue that needs the administrator (a failed count opens the licence queue). */
export default function AdminHome() {
  const { data, isPending } = useAdminQueueCounts(true);
  if (isPending) return <PageLoader />;
  return <Navigate to={firstQueueWithWork(data)} replace />;
}
