import { Group, SegmentedControl, Text } from '@mantine/core';
import { useId } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useSearchParams } from 'react-router';
import { POST_SORTS, TOP_PERIODS, type PostSort, type TopPeriod } from '../../../../common/posts.ts';
import { DEFAULT_POST_ORDER } from '../api.ts';

const SORT_LABELS = defineMessages({
  latest: { id: 'forums.sort.latest', defaultMessage: 'Latest', description: 'A post list\'s order: newest first.' },
  top: { id: 'forums.sort.top', defaultMessage: 'Top', description: 'A post list\'s order: most liked and commented first, over a period.' },
  unanswered: { id: 'forums.sort.unanswered', defaultMessage: 'Unanswered', description: 'A post list\'s order: posts without comments.' },
}) satisfies Record<PostSort, MessageDescriptor>;
const PERIOD_LABELS = defineMessages({
  week: { id: 'forums.sort.week', defaultMessage: 'This week', description: 'The period of the Top order: the last 7 days.' },
  month: { id: 'forums.sort.month', defaultMessage: 'This month', description: 'The period of the Top order: the last 30 days.' },
  all: { id: 'forums.sort.all', defaultMessage: 'All time', description: 'The period of the Top order: every post.' },
}) satisfies Record<TopPeriod, MessageDescriptor>;
const m = defineMessages({
  sortBy: { id: 'forums.sort.sortBy', defaultMessage: 'Sort by', description: 'Label of the post list\'s order choice.' },
  period: { id: 'forums.sort.period', defaultMessage: 'Period', description: 'Label of the Top order\'s period choice.' },
});

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
  const intl = useIntl();
  const sortLabel = useId();
  const periodLabel = useId();
  return (
    <Group gap="sm" wrap="wrap">
      <Group gap={6} wrap="nowrap">
        <Text size="sm" id={sortLabel}>{intl.formatMessage(m.sortBy)}</Text>
        <SegmentedControl
          size="xs" aria-labelledby={sortLabel} value={state.sort} onChange={(v) => state.setSort(v as PostSort)}
          data={POST_SORTS.map((s) => ({ value: s, label: intl.formatMessage(SORT_LABELS[s]) }))}
        />
      </Group>
      {state.sort === 'top' && (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" id={periodLabel}>{intl.formatMessage(m.period)}</Text>
          <SegmentedControl
            size="xs" aria-labelledby={periodLabel} value={state.period} onChange={(v) => state.setPeriod(v as TopPeriod)}
            data={TOP_PERIODS.map((p) => ({ value: p, label: intl.formatMessage(PERIOD_LABELS[p]) }))}
          />
        </Group>
      )}
    </Group>
  );
}
