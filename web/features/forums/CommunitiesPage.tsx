import { Alert, Button, Group, Pagination, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { COMMUNITIES_PAGE_SIZE } from '../../../common/constants.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { isVerified, useSession } from '../../lib/session.tsx';
import { useCommunities } from './api.ts';
import { BackButton } from './components/BackButton.tsx';
import { CommunityCard } from './components/CommunityCard.tsx';
import { CreateCommunityDialog } from './components/CreateCommunityDialog.tsx';
import { SearchBox } from './components/SearchBox.tsx';

/** /communities: search, a 1/2/3-column grid of nine, numbered pages with Previous and Next. */
export default function CommunitiesPage() {
  const { user } = useSession();
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
        {isVerified(user) && <Button onClick={() => setCreating(true)}>Create Community</Button>}
      </Group>
      <Title order={1}>All Communities</Title>
      <SearchBox value={search} onChange={onSearch} placeholder="Search communities..." label="Search communities" />
      {isPending ? <PageLoader label="Loading communities..." /> : isError ? <Alert color="red" role="alert">{error.message}</Alert> : (
        !data.communities.length ? <Text c="dimmed" ta="center" py="lg">No communities found.</Text> : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {data.communities.map((c) => <CommunityCard key={c._id} community={c} />)}
          </SimpleGrid>
        )
      )}
      {totalPages > 1 && (
        <Group justify="center" gap="xs" component="nav" aria-label="Pages">
          <Button variant="default" size="xs" disabled={page <= 1} onClick={() => goTo(page - 1)}>Previous</Button>
          <Pagination
            total={totalPages} value={Math.min(page, totalPages)} onChange={goTo} withControls={false} size="sm" siblings={1}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
          <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => goTo(page + 1)}>Next</Button>
        </Group>
      )}
      <CreateCommunityDialog opened={creating} onClose={() => setCreating(false)} onCreated={(id) => { setCreating(false); navigate(`/community/${id}`); }} />
    </Stack>
  );
}
