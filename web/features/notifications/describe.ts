// What the bell says. The sentence itself ("Amara Okafor and 3 others liked your post") is shared with the emails
// (common/notification-text.ts), so the two never drift apart.
import { defineMessages, type IntlShape } from 'react-intl';
import type { NotificationItem } from '../../../common/notifications.ts';
import { notificationSentence } from '../../../common/notification-text.ts';

/** The sentence of one item (its target's title shows beside it). */
export const describeNotification = (item: Pick<NotificationItem, 'type' | 'actors' | 'count'> & { detail?: string | null }) => notificationSentence(item);

/** The bell's accessible name: "Notifications, 3 unread". */
const m = defineMessages<{ bell: { count: number } }>({
  bell: { id: 'notifications.bell.label', defaultMessage: '{count, plural, =0 {Notifications} one {Notifications, # unread} other {Notifications, # unread}}', description: 'Accessible name of the notification bell, with how many are unread' },
});

export function bellLabel(intl: IntlShape, unread: number): string {
  return intl.formatMessage(m.bell, { count: unread });
}
