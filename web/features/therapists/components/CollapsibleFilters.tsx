import { Badge, Box, Button, Collapse, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * On a phone the directory's long filter form would fill the first screen: it folds behind a "Filters" button that
 * says how many are set. Wider screens show it as it is.
 */
export function CollapsibleFilters({ active, children }: { active: number; children: ReactNode }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [opened, { toggle }] = useDisclosure(false);
  if (!phone) return <>{children}</>;
  return (
    <Box>
      <Button variant="default" onClick={toggle} aria-expanded={opened} aria-controls="directory-filters"
        rightSection={active > 0 ? <Badge size="sm" circle aria-hidden>{active}</Badge> : null}>
        {opened ? 'Hide filters' : 'Filters'}{active > 0 && <VisuallyHidden component="span"> ({active} set)</VisuallyHidden>}
      </Button>
      <Collapse expanded={opened} id="directory-filters" mt={opened ? 'sm' : 0}>{children}</Collapse>
    </Box>
  );
}
