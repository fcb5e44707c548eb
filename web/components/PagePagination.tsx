import { Center, Pagination } from '@mantine/core';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';

const m = defineMessages({
  previous: { id: 'components.pagination.previous', defaultMessage: 'Previous page', description: 'Accessible name of the pagination\'s previous button.' },
  next: { id: 'components.pagination.next', defaultMessage: 'Next page', description: 'Accessible name of the pagination\'s next button.' },
  first: { id: 'components.pagination.first', defaultMessage: 'First page', description: 'Accessible name of the pagination\'s first-page button.' },
  last: { id: 'components.pagination.last', defaultMessage: 'Last page', description: 'Accessible name of the pagination\'s last-page button.' },
  pages: { id: 'components.pagination.label', defaultMessage: 'Pages', description: 'Accessible name of the pagination\'s navigation.' },
});

const numbered = defineMessages<{ page: { page: number } }>({
  page: { id: 'components.pagination.page', defaultMessage: 'Page {page}', description: 'Accessible name of a numbered page button.' },
});

const CONTROL_LABELS: Record<string, MessageDescriptor> = { previous: m.previous, next: m.next, first: m.first, last: m.last };

/** Numbered pages with labelled controls; shown only when there is more than one page (spec section 9). */
export function PagePagination({ total, value, onChange }: { total: number; value: number; onChange: (page: number) => void }) {
  const intl = useIntl();
  if (total <= 1) return null;
  return (
    <Center mt="md" component="nav" aria-label={intl.formatMessage(m.pages)}>
      <Pagination
        total={total} value={Math.min(value, total)} onChange={onChange} siblings={1} boundaries={1}
        getItemProps={(page) => ({ 'aria-label': intl.formatMessage(numbered.page, { page }) })}
        getControlProps={(control) => ({ 'aria-label': intl.formatMessage(CONTROL_LABELS[control] ?? m.next) })}
      />
    </Center>
  );
}
