// The Privacy tab's calls: a copy of my data, and deleting my account.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExport, DeleteAccountInput, LatestExportResponse } from '../../../common/privacy.ts';
import { api } from '../../lib/api.ts';

const exportKey = ['settings', 'export'] as const;

/** While a copy is being prepared, asks again every two seconds until it is ready. */
const latestExportQuery = queryOptions({
  queryKey: exportKey,
  queryFn: ({ signal }) => api<LatestExportResponse>('/api/users/me/export', { signal }),
  refetchInterval: (query) => (query.state.data?.export?.status === 'preparing' ? 2000 : false),
});
export const useLatestExport = () => useQuery(latestExportQuery);

export function usePrepareExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<DataExport>('/api/users/me/export', { method: 'POST' }),
    onSuccess: (prepared) => client.setQueryData(exportKey, { export: prepared }),
  });
}

export const useDeleteAccount = () => useMutation({
  mutationFn: (input: DeleteAccountInput) => api<{ msg: string }>('/api/users/me', { method: 'DELETE', body: input }),
});
