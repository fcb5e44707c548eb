import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../../common/search.ts';
import { api, query } from '../../lib/api.ts';

/** The top bar's grouped search; nothing is asked until there is text. The previous answer shows while the next loads. */
export function useQuickSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => api<SearchResponse>(`/api/search${query({ q })}`, { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
