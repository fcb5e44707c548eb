import type { NotificationItem, NotificationType } from '../../../common/notifications.ts';
import type { NotificationRow } from './queries.ts';

export function toNotification(row: NotificationRow): NotificationItem {
  return {
    _id: row.id,
    type: row.type as NotificationType,
    actors: row.actors,
    count: row.actor_count,
    target: { kind: row.target_kind as NotificationItem['target']['kind'], _id: row.target_id, title: row.target_title, url: row.target_url },
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}
