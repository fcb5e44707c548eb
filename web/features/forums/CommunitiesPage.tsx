import { Alert, Button, Group, Pagination, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { COMMUNITIES_PAGE_SIZE } from '../../../common/constants.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { isVerified, useSession } from '../../lib/session.tsx';
import { useCommunities } from './api.ts';
import { BackButton } from './components/BackButton.tsx';
import { CommunityCard } from './components/CommunityCard.tsx';
import { CreateCommunityDialog } from './components/CreateCommunityDialog.tsx';
import { SearchBox } from './components/SearchBox.tsx';
import { TEXTS } from './components/texts.ts';
import { withValues } from '../../lib/messages.ts';

const m = withValues(defineMessages({
  title: { id: 'forums.communities.title', defaultMessage: 'All Communities', description: 'Heading (title case, as the spec writes it) of the page of every community.' },
  searchPlaceholder: { id: 'forums.communities.searchPlaceholder', defaultMessage: 'Search communities...', description: 'Placeholder of the communities search field.' },
  searchLabel: { id: 'forums.communities.searchLabel', defaultMessage: 'Search communities', description: 'Accessible name of the communities search field.' },
  none: { id: 'forums.communities.none', defaultMessage: 'No communities found.', description: 'No community matches the search (or there is none).' },
  pages: { id: 'forums.communities.pages', defaultMessage: 'Pages', description: 'Accessible name of the page numbers under the communities.' },
  previous: { id: 'forums.communities.previous', defaultMessage: 'Previous', description: 'Button: the previous page of communities.' },
  next: { id: 'forums.communities.next', defaultMessage: 'Next', description: 'Button: the next page of communities.' },
  page: { id: 'forums.communities.page', defaultMessage: 'Page {page}', description: 'Accessible name of a page number button.' },
}));

/** /communities: search, a 1/2/3-column grid of nine, numbered pages with Previous and Next. */
export default function CommunitiesPage() {
  const { user } = useSession();
  const intl = useIntl();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [creating, setCreating] = useState(false);
  const { data, isPending, isError, error } = useCommunities(page, COMMUNITIES_PAGE_SIZE, debounced);

  const goTo = (next: number) => setParams((p) => { p.set('page', String(next)); return p; });
  const onSearch = (value: string) => {
    setSearch(value);
    // A new search starts again from the first page.
    setParams((p) => { p.delete('page'); if (value.trim()) p.set('q', value); else p.delete('q'); return p; }, { replace: true });
  };
  const totalPages = data?.totalPages ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <BackButton fallback="/forums" />
        {isVerified(user) && <Button onClick={() => setCreating(true)}>{intl.formatMessage(TEXTS.createCommunity)}</Button>}
      </Group>
      <Title order={1}>{intl.formatMessage(m.title)}</Title>
      <SearchBox value={search} onChange={onSearch} placeholder={intl.formatMessage(m.searchPlaceholder)} label={intl.formatMessage(m.searchLabel)} />
      {isPending ? <PageLoader label={intl.formatMessage(TEXTS.loadingCommunities)} /> : isError ? <Alert color="red" role="alert">{error.message}</Alert> : (
        !data.communities.length ? <Text c="dimmed" ta="center" py="lg">{intl.formatMessage(m.none)}</Text> : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {data.communities.map((c) => <CommunityCard key={c._id} community={c} />)}
          </SimpleGrid>
        )
      )}
      {totalPages > 1 && (
        <Group justify="center" gap="xs" component="nav" aria-label={intl.formatMessage(m.pages)}>
          <Button variant="default" size="xs" disabled={page <= 1} onClick={() => goTo(page - 1)}>{intl.formatMessage(m.previous)}</Button>
          <Pagination
            total={totalPages} value={Math.min(page, totalPages)} onChange={goTo} withControls={false} size="sm" siblings={1}
            getItemProps={(p) => ({ 'aria-label': intl.formatMessage(m.page, { page: p }) })}
          />
          <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => goTo(page + 1)}>{intl.formatMessage(m.next)}</Button>
        </Group>
      )}
      <CreateCommunityDialog opened={creating} onClose={() => setCreating(false)} onCreated={(id) => { setCreating(false); navigate(`/community/${id}`); }} />
    </Stack>
  );
}
