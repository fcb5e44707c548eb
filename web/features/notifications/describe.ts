// What the bell says. The sentence itself ("Amara Okafor and 3 others liked your post") is shared with the emails
// (common/notification-text.ts), so the two never drift apart.
import type { NotificationItem } from '../../../common/notifications.ts';
import { notificationSentence } from '../../../common/notification-text.ts';

/** The sentence of one item (its target's title shows beside it). */
export const describeNotification = (item: Pick<NotificationItem, 'type' | 'actors' | 'count'> & { detail?: string | null }) => notificationSentence(item);

/** The bell's accessible name: "Notifications, 3 unread". */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The badge on the bell: large counts are shortened. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));
