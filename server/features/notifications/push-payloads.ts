// What a push says: who and where, as the emails do (common/notification-text.ts), never the text of a message, post,
// comment, note or referral. The builders take only what they may show, so no caller can hand them a text by mistake.
import { notificationSentence } from '../../../common/notification-text.ts';
import type { NotificationActor, NotificationType } from '../../../common/notifications.ts';
import { chatTag, type PushPayload } from '../../../common/push.ts';

type ShowPayload = Extract<PushPayload, { kind: 'show' }>;
const TITLE = 'Thera Root';

/** A chat message: "New message from Amara Okafor", opening the conversation; one per conversation on the device. */
export function chatPayload(m: { senderName: string; conversationId: string }): ShowPayload {
  return { kind: 'show', title: TITLE, body: `New message from ${m.senderName}`, url: `/chat/${m.conversationId}`, tag: chatTag(m.conversationId) };
}

export type PushableNotification = {
  type: NotificationType;
  actors: Pick<NotificationActor, 'name'>[];
  count: number;
  detail: string | null;
  /** Where: a community's name, "Referrals". */
  place: string;
  /** The referral's de-identified summary (age group, concerns: "Teen, Anxiety"); other targets' titles are not shown. */
  referralSummary: string | null;
  target: { kind: string; id: string; url: string };
};

/** A stored notification: its sentence, opening what it is about; one per target on the device. */
export function notificationPayload(n: PushableNotification): ShowPayload {
  const body = n.type === 'mention' ? `You were mentioned in ${n.place || 'the forums'}`
    : n.type === 'referralReceived' && n.referralSummary ? `New referral: ${n.referralSummary}`
      : notificationSentence(n, n.target.kind === 'referral' ? undefined : n.place || undefined);
  return { kind: 'show', title: TITLE, body, url: n.target.url, tag: `${n.target.kind}:${n.target.id}` };
}

/** The settings' test push. */
export function testPayload(): ShowPayload {
  return { kind: 'show', title: TITLE, body: 'Notifications work on this device', url: '/settings/notifications', tag: 'test' };
}
