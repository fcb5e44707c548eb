import { Alert, Box, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PracticeCard } from '../../components/PracticeCard.tsx';
import { usePracticeDirectory } from './api.ts';
import { hasFilters, type DirectoryFilters } from './filters.ts';
import { fieldMessages as field } from './messages.ts';

const m = defineMessages({
  loading: { id: 'therapists.practices.loading', defaultMessage: 'Loading practices...', description: 'Shown while the directory\'s Practices tab loads' },
  error: { id: 'therapists.practices.error', defaultMessage: 'Error', description: 'Title of the alert when the practices could not load' },
  noMatch: { id: 'therapists.practices.noMatch', defaultMessage: 'No practices have clinicians matching these filters.', description: 'The Practices tab found no practice for the filters' },
  empty: { id: 'therapists.practices.empty', defaultMessage: 'No practices are listed yet.', description: 'No group practice exists yet' },
  loadMore: { id: 'therapists.practices.loadMore', defaultMessage: 'Show more practices', description: 'Button: show the next page of practices' },
  hint: { id: 'therapists.practices.hint', defaultMessage: 'Group practices with at least one clinician matching your filters; the name searches the practice\'s name.', description: 'Under the Practices tab: how the filters apply to practices' },
});

/** The directory's "Practices" tab: practices whose clinicians match the same filters, by name, a page at a time. */
export function PracticesTab({ filters, onClear }: { filters: DirectoryFilters; onClear: () => void }) {
  const intl = useIntl();
  const practices = usePracticeDirectory(filters, true);
  const items = practices.data?.pages.flatMap((p) => p.practices) ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">{intl.formatMessage(m.hint)}</Text>
      {practices.isPending && <PageLoader label={intl.formatMessage(m.loading)} />}
      {practices.isError && <Alert color="red" title={intl.formatMessage(m.error)}>{practices.error.message}</Alert>}
      {practices.isSuccess && (items.length === 0 ? (
        <Stack align="center" gap="sm" py="xl">
          <Text>{intl.formatMessage(hasFilters(filters) ? m.noMatch : m.empty)}</Text>
          {hasFilters(filters) && <Button variant="default" onClick={onClear}>{intl.formatMessage(field.clearFilters)}</Button>}
        </Stack>
      ) : (
        <Box>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {items.map((p) => <PracticeCard key={p._id} practice={p} />)}
          </SimpleGrid>
          {practices.hasNextPage && (
            <Button variant="default" mt="md" loading={practices.isFetchingNextPage} onClick={() => void practices.fetchNextPage()}>
              {intl.formatMessage(m.loadMore)}
            </Button>
          )}
        </Box>
      ))}
    </Stack>
  );
}
