// A count in a small badge (navigation, dashboard): capped so the badge stays round, in the reader's digits.
import { defineMessages, type IntlShape } from 'react-intl';

const MAX_SHOWN = 99;

const m = defineMessages<{ capped: { max: number } }>({
  capped: { id: 'app.badge.capped', defaultMessage: '{max, number}+', description: 'A badge\'s count when it is over {max} (99): "99+".' },
});

/** "7", or "99+" from 100 on. */
export function badgeCount(intl: IntlShape, count: number): string {
  return count > MAX_SHOWN ? intl.formatMessage(m.capped, { max: MAX_SHOWN }) : intl.formatNumber(count);
}
