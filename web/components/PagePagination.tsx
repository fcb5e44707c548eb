import { Center, Pagination } from '@mantine/core';

const CONTROL_LABELS: Record<string, string> = { previous: 'Previous page', next: 'Next page', first: 'First page', last: 'Last page' };

/** Numbered pages with labelled controls; shown only when there is more than one page (spec section 9). */
export function PagePagination({ total, value, onChange }: { total: number; value: number; onChange: (page: number) => void }) {
  if (total <= 1) return null;
  return (
    <Center mt="md" component="nav" aria-label="Pages">
      <Pagination
        total={total} value={Math.min(value, total)} onChange={onChange} siblings={1} boundaries={1}
        getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] ?? `${control} page` })}
      />
    </Center>
  );
}
