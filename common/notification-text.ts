// How a notification reads, the same in the bell, on /notifications and in emails: who and where, never the text of
// a post, comment or message.
import type { NotificationActor, NotificationType } from './notifications.ts';

/** "Amara Okafor", "Amara Okafor and Li Wei", "Amara Okafor and 3 others". */
export function actorsPhrase(actors: Pick<NotificationActor, 'name'>[], count: number): string {
  const first = actors[0]?.name ?? 'Someone';
  const others = Math.max(count, actors.length) - 1;
  if (others <= 0) return first;
  if (others === 1 && actors[1]) return `${first} and ${actors[1].name}`;
  return `${first} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** A referral's answer, as the sentence says it; an item stored before answers were kept says "answered". */
const ANSWERED: Record<string, (who: string) => string> = {
  accepted: (who) => `${who} accepted your referral`,
  declined: (who) => `${who} declined your referral`,
  'no capacity': (who) => `${who} has no capacity for your referral`,
};

const SENTENCES: Record<NotificationType, (who: string, detail: string | null) => string> = {
  postReply: (who) => `${who} replied to your post`,
  commentReply: (who) => `${who} replied to your comment`,
  mention: (who) => `${who} mentioned you`,
  followedThreadComment: (who) => `${who} commented on a post you follow`,
  postLike: (who) => `${who} liked your post`,
  commentLike: (who) => `${who} liked your comment`,
  licenceVerified: () => 'Your licence was verified',
  licenceDeclined: () => 'Your licence was declined',
  resourceApproved: () => 'Your resource was approved',
  resourceDeclined: () => 'Your resource was declined',
  referralReceived: (who) => `${who} sent you a referral`,
  referralAnswered: (who, detail) => (detail && Object.hasOwn(ANSWERED, detail) ? ANSWERED[detail](who) : `${who} answered your referral`),
  referralOffer: (who) => `${who} offered a referral on the board`,
  referralPlaced: () => 'Your referral was placed',
  referralExpiring: () => 'Your referral is expiring soon',
  groupInvitation: (who) => `${who} invited you to a consultation group`,
  groupJoinRequest: (who) => `${who} asked to join your consultation group`,
  groupMeetingSoon: (_who, detail) => (detail === 'hour' ? 'Your consultation group meets in an hour' : 'Your consultation group meets tomorrow'),
  // Content-free, in the bell and in emails alike: the outcome itself is on the referral's page.
  referralOutcome: (who) => `${who} recorded the outcome of your referral`,
  referralOutcomeDue: () => 'Record the outcome of a referral you accepted',
  practiceReferralReceived: (who, detail) => `${who} sent a referral to ${detail ?? 'your practice'}`,
  practiceReferralAssigned: (who, detail) => `${who} assigned you a referral at ${detail ?? 'your practice'}`,
  referralAssigned: (who, detail) => `Your referral was assigned to ${who} at ${detail ?? 'a practice'}`,
  practiceInvitation: (who, detail) => `${who} invited you to join ${detail ?? 'a practice'}`,
};

/** "Amara Okafor and 3 others liked your post", plus " in Trauma-Informed Care" when a place is known. */
export function notificationSentence(
  n: { type: NotificationType; actors: Pick<NotificationActor, 'name'>[]; count: number; detail?: string | null }, place?: string,
): string {
  const sentence = SENTENCES[n.type](actorsPhrase(n.actors, n.count), n.detail ?? null);
  return place ? `${sentence} in ${place}` : sentence;
}
