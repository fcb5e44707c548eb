import { Box, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import './filters.css';

/**
 * On a phone the directory's long filter form would fill the first screen (issue #17, defect 12): it folds behind a
 * "Filters" button that says how many are set ("Filters (2)"). From the sm breakpoint up the button is not shown and
 * the form always is (filters.css).
 */
export function CollapsibleFilters({ active, children }: { active: number; children: ReactNode }) {
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Box>
      <Button variant="default" hiddenFrom="sm" onClick={toggle} aria-expanded={opened} aria-controls="directory-filters"
        mb={opened ? 'sm' : 0}>
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      <div id="directory-filters" className="directory-filters" data-open={opened}>{children}</div>
    </Box>
  );
}
