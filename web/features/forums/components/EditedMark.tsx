import { Text } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { TimeAgo } from '../../../components/TimeAgo.tsx';
import { useHydrated } from '../../../lib/hydration.ts';
import { withValues } from '../../../lib/messages.ts';
import { DOT } from '../../../lib/punctuation.ts';

const m = withValues(defineMessages({
  edited: { id: 'forums.edited.mark', defaultMessage: 'edited {ago}', description: 'After a post\'s or comment\'s time: it was edited {ago} (a relative time such as "5m ago").' },
  exact: { id: 'forums.edited.exact', defaultMessage: 'Edited {when}', description: 'Tooltip of the edited mark: the exact date and time of the edit.' },
}));

// The exact time as toLocaleString() wrote it before: numeric date, then the time with seconds.
const EXACT = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' } as const;

/** " · edited 5 minutes ago", with the exact time on hover and for assistive technology (the time element). */
export function EditedMark({ editedAt }: { editedAt: string | null }) {
  // The exact time is in the browser's time zone and language: not known to a server that drew the page.
  const hydrated = useHydrated();
  const intl = useIntl();
  if (!editedAt) return null;
  const exact = hydrated ? intl.formatDate(editedAt, EXACT) : '';
  return (
    <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {DOT}<time dateTime={editedAt} title={exact ? intl.formatMessage(m.exact, { when: exact }) : undefined}>
        <FormattedMessage {...m.edited} values={{ ago: <TimeAgo date={editedAt} /> }} />
      </time>
    </Text>
  );
}
