import { api, query } from '../../lib/api.ts';
import type { VerificationQueue } from '../../../common/admin.ts';

export const verificationQueueQuery = (page: number) => ({
  queryKey: ['admin', 'verifications', page],
  queryFn: () => api<VerificationQueue>(`/api/admin/verifications${query({ page, limit: 20 })}`),
});

export const decideVerification = (userId: string, approved: boolean, reason?: string) =>
  api(`/api/admin/verifications/${userId}`, { method: 'PATCH', body: { approved, reason } });
