// Two outbox events for writes whose side effect is a plain notice or a mail (administrators' decisions, moderation's
// review, resources): recorded in the write's transaction, delivered after it, retried until they go
// (docs/decisions/0175-notices-and-mails-through-the-outbox.md).
// Unlike the forums' and referrals' events, these carry what they tell: the state they describe is gone once the write
// committed (a declined resource is deleted, a requested name cleared, the reporters' reports resolved). They never
// carry a post's or a message's text, since no notice or mail does.
import type { Mail, Mailer } from './mail.ts';
import { notify, type NewNotification, type NotifyContext } from './notify.ts';
import { outboxEvent, type OutboxEvent } from './outbox.ts';

/** A notice to named members (its recipients are ids: a query cannot wait in the queue). */
export type Notice = Omit<NewNotification, 'recipientIds' | 'sourceId'> & { recipientIds: string[] };

const noticeEvent = outboxEvent<{ notice: Notice }>('notice');
const mailEvent = outboxEvent<{ mail: Mail }>('mail');

export const noticeOf = (notice: Notice): OutboxEvent => noticeEvent.of({ notice });
export const mailOf = (mail: Mail): OutboxEvent => mailEvent.of({ mail });

export function registerNoticeEvents(ctx: NotifyContext & { mailer: Mailer }): void {
  // The event's id is the notification's source: a second delivery finds it there and adds nothing.
  noticeEvent.handle(ctx, ({ notice }, event) => notify(ctx, [{ ...notice, sourceId: event.id }]));
  // A mail cannot be taken back: one whose delivery failed after the server accepted it goes twice (at least once).
  mailEvent.handle(ctx, ({ mail }) => ctx.mailer.send(mail));
}
