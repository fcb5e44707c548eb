import { Group, SegmentedControl, Text } from '@mantine/core';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { POST_SORTS, TOP_PERIODS, type PostSort, type TopPeriod } from '../../../../common/posts.ts';
import { DEFAULT_POST_ORDER } from '../api.ts';

const SORT_LABELS: Record<PostSort, string> = { latest: 'Latest', top: 'Top', unanswered: 'Unanswered' };
const PERIOD_LABELS: Record<TopPeriod, string> = { week: 'This week', month: 'This month', all: 'All time' };

const isSort = (v: string | null): v is PostSort => POST_SORTS.includes(v as PostSort);
const isPeriod = (v: string | null): v is TopPeriod => TOP_PERIODS.includes(v as TopPeriod);

/** The order of a post list as the address keeps it (?sort=top&period=week), so it survives a reload and a shared link. */
export function usePostSort(): { sort: PostSort; period: TopPeriod; setSort: (s: PostSort) => void; setPeriod: (p: TopPeriod) => void } {
  const [params, setParams] = useSearchParams();
  const sort = isSort(params.get('sort')) ? (params.get('sort') as PostSort) : DEFAULT_POST_ORDER.sort;
  const period = isPeriod(params.get('period')) ? (params.get('period') as TopPeriod) : DEFAULT_POST_ORDER.period;
  const update = (next: { sort: PostSort; period: TopPeriod }) => setParams((old) => {
    const out = new URLSearchParams(old);
    if (next.sort === 'latest') out.delete('sort'); else out.set('sort', next.sort);
    if (next.sort === 'top') out.set('period', next.period); else out.delete('period');
    return out;
  }, { replace: true });
  return { sort, period, setSort: (s) => update({ sort: s, period }), setPeriod: (p) => update({ sort, period: p }) };
}

/** Latest, Top (with its period) or Unanswered: labelled radio groups, moved through with the arrow keys. */
export function SortControl({ state }: { state: ReturnType<typeof usePostSort> }) {
  const sortLabel = useId();
  const periodLabel = useId();
  return (
    <Group gap="sm" wrap="wrap">
      <Group gap={6} wrap="nowrap">
        <Text size="sm" id={sortLabel}>Sort by</Text>
        <SegmentedControl
          size="xs" aria-labelledby={sortLabel} value={state.sort} onChange={(v) => state.setSort(v as PostSort)}
          data={POST_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        />
      </Group>
      {state.sort === 'top' && (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" id={periodLabel}>Period</Text>
          <SegmentedControl
            size="xs" aria-labelledby={periodLabel} value={state.period} onChange={(v) => state.setPeriod(v as TopPeriod)}
            data={TOP_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
          />
        </Group>
      )}
    </Group>
  );
}
