import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';

const m = withValues(defineMessages({
  loadMore: { id: 'referrals.list.loadMore', defaultMessage: 'Load more', description: 'Button under a list of referrals: show the next page.' },
}));

type Props<T> = {
  items: T[] | undefined; isPending: boolean; error: Error | null; hasNextPage: boolean; isFetchingNextPage: boolean;
  fetchNextPage: () => unknown; loadingText: string; empty: ReactNode; label: string; render: (item: T) => ReactNode;
  keyOf: (item: T) => string;
};

/** A cursor-paged list: its loading and empty states, and "Load more" while the server has more. */
export function PagedList<T>(p: Props<T>) {
  const intl = useIntl();
  if (p.isPending) return <PageLoader label={p.loadingText} />;
  if (p.error) return <Alert color="red" role="alert">{p.error.message}</Alert>;
  if (!p.items?.length) return <Text c="dimmed" py="lg" ta="center">{p.empty}</Text>;
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" aria-label={p.label} m={0} p={0} style={{ listStyle: 'none' }}>
        {p.items.map((item) => <li key={p.keyOf(item)}>{p.render(item)}</li>)}
      </Stack>
      {p.hasNextPage && (
        <Center>
          <Button variant="light" loading={p.isFetchingNextPage} onClick={() => void p.fetchNextPage()}>{intl.formatMessage(m.loadMore)}</Button>
        </Center>
      )}
    </Stack>
  );
}
