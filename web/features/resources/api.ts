// The resource library's calls: fetchers, query options and hooks (the admin approval page uses them too).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResourceInput, ResourcePage, Resource } from '../../../common/resources.ts';
import { api, query } from '../../lib/api.ts';

export type ResourceFilter = { page: number; category?: string | null; search?: string };

export function fetchResources({ page, category, search }: ResourceFilter): Promise<ResourcePage> {
  const params = { page, category: category ?? undefined };
  const text = search?.trim();
  return text
    ? api<ResourcePage>(`/api/resources/search${query({ query: text, ...params })}`)
    : api<ResourcePage>(`/api/resources${query(params)}`);
}

export const resourceKeys = {
  all: ['resources'] as const,
  list: (filter: ResourceFilter) => ['resources', 'public', filter] as const,
  moderation: (page: number) => ['resources', 'moderation', page] as const,
};

export const resourcesQuery = (filter: ResourceFilter) => queryOptions({
  queryKey: resourceKeys.list(filter),
  queryFn: () => fetchResources(filter),
  placeholderData: keepPreviousData,
});

export const useResources = (filter: ResourceFilter) => useQuery(resourcesQuery(filter));

/** The approval queue; a failure is logged only (spec section 8) and shows as an empty list. */
export const useModerationQueue = (page: number, enabled: boolean) => useQuery({
  queryKey: resourceKeys.moderation(page),
  enabled,
  placeholderData: keepPreviousData,
  queryFn: async (): Promise<ResourcePage> => {
    try {
      return await api<ResourcePage>(`/api/resources/all${query({ page })}`);
    } catch (error) {
      console.error('Failed to fetch resources', error);
      return { resources: [], totalPages: 1, currentPage: page };
    }
  },
});

function useResourceMutation<T>(run: (arg: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Every list of resources (public, search, approval queue, dashboard) may have changed.
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}

export const useSubmitResource = () =>
  useResourceMutation((input: ResourceInput) => api<{ msg: string; resource: Resource }>('/api/resources', { method: 'POST', body: input }));

export const useApproveResource = () =>
  useResourceMutation((id: string) => api<{ msg: string }>(`/api/resources/${id}/approve`, { method: 'PATCH' }));

/** Admin delete (and Decline, which is the same call) or a submitter withdrawing their pending resource. */
export const useDeleteResource = () =>
  useResourceMutation((id: string) => api<{ msg: string }>(`/api/resources/${id}`, { method: 'DELETE' }));
