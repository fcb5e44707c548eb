// What members hear about a group's membership: an invitation (to the invitee) and a join request (to the
// facilitator), recorded in the write's transaction and delivered by the outbox (server/lib/outbox.ts).
import type { NotificationType } from '../../../common/notifications.ts';
import type { AppContext } from '../../context.ts';
import { notify } from '../../lib/notify.ts';
import { outboxEvent, type OutboxEvent } from '../../lib/outbox.ts';
import { registerGroupReminders } from './reminders.ts';

type Notice = { type: NotificationType; groupId: string; groupName: string; actorId: string; to: string[] };
const groupNotice = outboxEvent<Notice>('groups.notice');

export const groupNoticeOf = (n: Notice): OutboxEvent[] => (n.to.length ? [groupNotice.of(n)] : []);

export function registerGroupEvents(ctx: AppContext): void {
  registerGroupReminders(ctx);
  groupNotice.handle(ctx, async (n, event) => {
    await notify(ctx, [{
      type: n.type, recipientIds: n.to, actorId: n.actorId, sourceId: event.id,
      target: { kind: 'group', id: n.groupId, title: n.groupName, url: `/groups/${n.groupId}` }, place: 'Groups',
    }]);
  });
}
