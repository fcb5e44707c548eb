import { Box, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import { useMediaMatch } from '../../../lib/hydration.ts';
import './filters.css';

const WIDE = '(min-width: 48em)';

const filtersLabel = defineMessage<{ count: number }>({ id: 'therapists.filters.toggle', defaultMessage: '{count, plural, =0 {Filters} one {Filters ({count})} other {Filters ({count})}}', description: 'Phone button that shows the directory filters, with how many are set' });

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
  const intl = useIntl();
  const open = () => {
    setEverOpened(true);
    toggle();
  };
  return (
    <Box>
      <Button variant="default" hiddenFrom="sm" onClick={open} aria-expanded={opened} aria-controls="directory-filters"
        mb={opened ? 'sm' : 0}>
        {intl.formatMessage(filtersLabel, { count: active })}
      </Button>
      <div id="directory-filters" className="directory-filters" data-open={opened}>{(wide || everOpened) && children}</div>
    </Box>
  );
}
