import { Alert, Box, Button, Container, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PagePagination } from '../../components/PagePagination.tsx';
import { isVerified, useSession } from '../../lib/session.tsx';
import { useDirectory, useFavorites } from './api.ts';
import { CollapsibleFilters } from './components/CollapsibleFilters.tsx';
import { FilterForm } from './components/FilterForm.tsx';
import { PracticesTab } from './PracticesTab.tsx';
import { TherapistCard } from './components/TherapistCard.tsx';
import { fieldMessages as field } from './messages.ts';
import { activeFilterCount, EMPTY_FILTERS, filtersFromParams, hasFilters, paramsFromFilters, type DirectoryFilters } from './filters.ts';

// The code half of this screen's descriptor (common/drawn-screens.ts), exported from the screen's own chunk, which is
// loaded by the time it is needed: its own chunk would cost a phone one more request.
/** @public */
export { drawn } from './drawn.ts';

const m = defineMessages({
  title: { id: 'therapists.directory.title', defaultMessage: 'Therapist Network', description: 'Heading of the therapist directory' },
  loading: { id: 'therapists.directory.loading', defaultMessage: 'Loading therapists...', description: 'Shown while the directory loads' },
  error: { id: 'therapists.directory.error', defaultMessage: 'Error', description: 'Title of the alert when the directory could not load' },
  pastTheEnd: { id: 'therapists.directory.pastTheEnd', defaultMessage: 'There are no therapists on this page.', description: 'A directory page number beyond the last page' },
  firstPage: { id: 'therapists.directory.firstPage', defaultMessage: 'Go to page 1', description: 'Button: go back to the directory\'s first page' },
  noMatch: { id: 'therapists.directory.noMatch', defaultMessage: 'No therapists match these filters.', description: 'The directory search found nobody' },
  empty: { id: 'therapists.directory.empty', defaultMessage: 'No therapists are listed yet.', description: 'The directory has nobody in it yet' },
  tabs: { id: 'therapists.directory.tabs', defaultMessage: 'List', description: 'Accessible name of the directory\'s tabs: therapists or practices' },
  therapistsTab: { id: 'therapists.directory.therapistsTab', defaultMessage: 'Therapists', description: 'Directory tab: the therapists matching the filters' },
  practicesTab: { id: 'therapists.directory.practicesTab', defaultMessage: 'Practices', description: 'Directory tab: the group practices (cliniques) whose clinicians match the filters' },
});
const found = defineMessage<{ count: number }>({ id: 'therapists.directory.found', defaultMessage: '{count, plural, one {{count} therapist found} other {{count} therapists found}}', description: 'How many therapists the directory search found' });

export default function TherapistsPage() {
  const { user } = useSession();
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  // The tab is in the URL beside the filters (?tab=practices), so it survives a reload and a shared link.
  const tab = params.get('tab') === 'practices' ? 'practices' : 'therapists';
  const directory = useDirectory(filters, tab === 'therapists');
  // Only verified members may favourite and chat (the server refuses the others); pending users see plain cards.
  const canAct = isVerified(user);
  const favorites = useFavorites(canAct);
  const favoriteIds = useMemo(() => new Set((favorites.data ?? []).map((f) => f._id)), [favorites.data]);

  const go = (next: DirectoryFilters, nextTab: string = tab) => {
    const search = paramsFromFilters(next);
    if (nextTab === 'practices') search.set('tab', 'practices');
    setParams(search);
    window.scrollTo({ top: 0 });
  };
  const data = directory.data;
  // The spec: one's own card is hidden. The server leaves it out of the search itself, so the count and every page
  // agree.
  const cards = data?.users ?? [];
  const total = data?.total ?? 0;

  return (
    <Container size="lg" py={user ? 0 : 'xl'} px={user ? 0 : undefined}>
      <Stack gap="lg">
        <Title order={1}>{intl.formatMessage(m.title)}</Title>
        {/* Remounted when the URL changes (back button, Clear filters), so the form always shows the search it ran. */}
        {/* Folded again after each search (a new URL), so a phone shows the results it asked for. */}
        <CollapsibleFilters key={params.toString()} active={activeFilterCount(filters)}>
          <FilterForm key={params.toString()} initial={filters} onSearch={go} />
        </CollapsibleFilters>

        <Tabs value={tab} onChange={(value) => value && value !== tab && go({ ...filters, page: 1 }, value)}>
          <Tabs.List aria-label={intl.formatMessage(m.tabs)}>
            <Tabs.Tab value="therapists">{intl.formatMessage(m.therapistsTab)}</Tabs.Tab>
            <Tabs.Tab value="practices">{intl.formatMessage(m.practicesTab)}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="practices" pt="md">
            {tab === 'practices' && <PracticesTab filters={filters} onClear={() => go(EMPTY_FILTERS)} />}
          </Tabs.Panel>
          <Tabs.Panel value="therapists" pt="md">
            {tab === 'therapists' && directory.isPending && <PageLoader label={intl.formatMessage(m.loading)} />}
            {directory.isError && <Alert color="red" title={intl.formatMessage(m.error)}>{directory.error.message}</Alert>}
            {data && (
              <Box aria-busy={directory.isPlaceholderData} style={{ opacity: directory.isPlaceholderData ? 0.6 : 1 }}>
                <Text role="status" mb="sm">
                  {intl.formatMessage(found, { count: total })}
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
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

type EmptyProps = { pastTheEnd: boolean; filtered: boolean; onFirstPage: () => void; onClear: () => void };

function EmptyResult({ pastTheEnd, filtered, onFirstPage, onClear }: EmptyProps) {
  const intl = useIntl();
  if (pastTheEnd) {
    return (
      <Stack align="center" gap="sm" py="xl">
        <Text>{intl.formatMessage(m.pastTheEnd)}</Text>
        <Button variant="default" onClick={onFirstPage}>{intl.formatMessage(m.firstPage)}</Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="sm" py="xl">
      <Text>{intl.formatMessage(filtered ? m.noMatch : m.empty)}</Text>
      {filtered && <Button variant="default" onClick={onClear}>{intl.formatMessage(field.clearFilters)}</Button>}
    </Stack>
  );
}
