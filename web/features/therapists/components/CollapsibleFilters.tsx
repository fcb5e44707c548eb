import { Box, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { useMediaMatch } from '../../../lib/hydration.ts';
import './filters.css';

const WIDE = '(min-width: 48em)';

/**
 * On a phone the directory's long filter form would fill the first screen: it folds behind a
 * "Filters" button that says how many are set ("Filters (2)"). From the sm breakpoint up the button is not shown and
 * the form always is (filters.css). On a phone the form is not even built until first opened (eight dropdowns cost a
 * slow phone a good part of the screen's start), then kept, so a draft survives folding it away.
 */
export function CollapsibleFilters({ active, children }: { active: number; children: ReactNode }) {
  const [opened, { toggle }] = useDisclosure(false);
  const [everOpened, setEverOpened] = useState(false);
  // Read during the first render, not in an effect: a wide screen shows the form at once (right after the takeover of
  // a page the server drew, which cannot know the width).
  const wide = useMediaMatch(WIDE);
  const open = () => {
    setEverOpened(true);
    toggle();
  };
  return (
    <Box>
      <Button variant="default" hiddenFrom="sm" onClick={open} aria-expanded={opened} aria-controls="directory-filters"
        mb={opened ? 'sm' : 0}>
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      <div id="directory-filters" className="directory-filters" data-open={opened}>{(wide || everOpened) && children}</div>
    </Box>
  );
}
