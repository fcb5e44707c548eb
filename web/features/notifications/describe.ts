// What the bell says. The sentence itself ("Amara Okafor and 3 others liked your post") is shared with the emails
// (common/i18n/notification-messages.ts), so the two never drift apart, and is said in the reader's language.
import { defineMessages, type IntlShape } from 'react-intl';
import type { NotificationItem } from '../../../common/notifications.ts';
import { notificationSentenceIn } from '../../../common/i18n/notification-messages.ts';

/** The sentence of one item (its target's title shows beside it). */
export const describeNotification = (intl: IntlShape, item: Pick<NotificationItem, 'type' | 'actors' | 'count'> & { detail?: string | null }) =>
  notificationSentenceIn((message, values) => intl.formatMessage(message, values), item);

/** The bell's accessible name: "Notifications, 3 unread". */
const m = defineMessages<{ bell: { count: number } }>({
  bell: { id: 'notifications.bell.label', defaultMessage: '{count, plural, =0 {Notifications} one {Notifications, # unread} other {Notifications, # unread}}', description: 'Accessible name of the notification bell, with how many are unread' },
});

export function bellLabel(intl: IntlShape, unread: number): string {
  return intl.formatMessage(m.bell, { count: unread });
}
