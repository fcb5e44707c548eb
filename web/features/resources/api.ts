// The resource library's calls: fetchers, query options and hooks. The admin approval queue has its own
// (web/features/admin/api.ts), under the same 'resources' key so that a change to one list refreshes the others.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResourceInput, ResourcePage, Resource } from '../../../common/resources.ts';
import { api, query } from '../../lib/api.ts';

export type ResourceFilter = { page: number; category?: string | null; search?: string };

function fetchResources({ page, category, search }: ResourceFilter): Promise<ResourcePage> {
  const params = { page, category: category ?? undefined };
  const text = search?.trim();
  return text
    ? api<ResourcePage>(`/api/resources/search${query({ query: text, ...params })}`)
    : api<ResourcePage>(`/api/resources${query(params)}`);
}

const resourceKeys = {
  all: ['resources'] as const,
  list: (filter: ResourceFilter) => ['resources', 'public', filter] as const,
};

const resourcesQuery = (filter: ResourceFilter) => queryOptions({
  queryKey: resourceKeys.list(filter),
  queryFn: () => fetchResources(filter),
  placeholderData: keepPreviousData,
});

export const useResources = (filter: ResourceFilter) => useQuery(resourcesQuery(filter));

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

/** An administrator deleting a resource from the public list. */
export const useDeleteResource = () =>
  useResourceMutation((id: string) => api<{ msg: string }>(`/api/resources/${id}`, { method: 'DELETE' }));
