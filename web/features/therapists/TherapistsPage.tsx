import { Alert, Box, Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PagePagination } from '../../components/PagePagination.tsx';
import { isVerified, useSession } from '../../lib/session.tsx';
import { useDirectory, useFavorites } from './api.ts';
import { CollapsibleFilters } from './components/CollapsibleFilters.tsx';
import { FilterForm } from './components/FilterForm.tsx';
import { TherapistCard } from './components/TherapistCard.tsx';
import { activeFilterCount, EMPTY_FILTERS, filtersFromParams, hasFilters, paramsFromFilters, type DirectoryFilters } from './filters.ts';

// The code half of this screen's descriptor (common/drawn-screens.ts), exported from the screen's own chunk, which is
// loaded by the time it is needed: its own chunk would cost a phone one more request.
/** @public */
export { drawn } from './drawn.ts';

export default function TherapistsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const directory = useDirectory(filters);
  // Only verified members may favourite and chat (the server refuses the others); pending users see plain cards.
  const canAct = isVerified(user);
  const favorites = useFavorites(canAct);
  const favoriteIds = useMemo(() => new Set((favorites.data ?? []).map((f) => f._id)), [favorites.data]);

  const go = (next: DirectoryFilters) => {
    setParams(paramsFromFilters(next));
    window.scrollTo({ top: 0 });
  };
  const data = directory.data;
  // The spec: one's own card is hidden. The server leaves it out of the search itself, so the count and every page
  // agree.
  const cards = data?.users ?? [];
  const found = data?.total ?? 0;

  return (
    <Container size="lg" py={user ? 0 : 'xl'} px={user ? 0 : undefined}>
      <Stack gap="lg">
        <Title order={1}>Therapist Network</Title>
        {/* Remounted when the URL changes (back button, Clear filters), so the form always shows the search it ran. */}
        {/* Folded again after each search (a new URL), so a phone shows the results it asked for. */}
        <CollapsibleFilters key={params.toString()} active={activeFilterCount(filters)}>
          <FilterForm key={params.toString()} initial={filters} onSearch={go} />
        </CollapsibleFilters>

        {directory.isPending && <PageLoader label="Loading therapists..." />}
        {directory.isError && <Alert color="red" title="Error">{directory.error.message}</Alert>}
        {data && (
          <Box aria-busy={directory.isPlaceholderData} style={{ opacity: directory.isPlaceholderData ? 0.6 : 1 }}>
            <Text role="status" mb="sm">
              {found === 1 ? '1 therapist found' : `${found} therapists found`}
            </Text>
            {cards.length === 0 ? (
              <EmptyResult
                pastTheEnd={filters.page > Math.max(1, data.totalPages)} filtered={hasFilters(filters)}
                onFirstPage={() => go({ ...filters, page: 1 })} onClear={() => go(EMPTY_FILTERS)}
              />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {cards.map((t) => (
                  <TherapistCard key={t._id} therapist={t} viewer={canAct ? { isFavorite: favoriteIds.has(t._id) } : undefined} />
                ))}
              </SimpleGrid>
            )}
            <PagePagination total={data.totalPages} value={filters.page} onChange={(page) => go({ ...filters, page })} />
          </Box>
        )}
      </Stack>
    </Container>
  );
}

type EmptyProps = { pastTheEnd: boolean; filtered: boolean; onFirstPage: () => void; onClear: () => void };

function EmptyResult({ pastTheEnd, filtered, onFirstPage, onClear }: EmptyProps) {
  if (pastTheEnd) {
    return (
      <Stack align="center" gap="sm" py="xl">
        <Text>There are no therapists on this page.</Text>
        <Button variant="default" onClick={onFirstPage}>Go to page 1</Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="sm" py="xl">
      <Text>{filtered ? 'No therapists match these filters.' : 'No therapists are listed yet.'}</Text>
      {filtered && <Button variant="default" onClick={onClear}>Clear filters</Button>}
    </Stack>
  );
}
