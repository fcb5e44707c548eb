// What a notification says, in the product's words: "Amara Okafor and 3 others liked your post".
// Emails are written on the server; this is the in-app text only.
import type { NotificationActor, NotificationItem, NotificationType } from '../../../common/notifications.ts';

/** "Amara Okafor", "Amara Okafor and Liam Chen", "Amara Okafor and 3 others". */
export function actorsPhrase(actors: NotificationActor[], count: number): string {
  const [first, second] = actors;
  if (!first) return count > 1 ? `${count} members` : 'A member';
  const others = Math.max(count, actors.length) - 1;
  if (others <= 0) return first.name;
  if (others === 1 && second) return `${first.name} and ${second.name}`;
  return `${first.name} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

// What follows the actors; types without an actor say the whole sentence.
const WITH_ACTOR: Partial<Record<NotificationType, string>> = {
  postReply: 'replied to your post',
  commentReply: 'replied to your comment',
  mention: 'mentioned you',
  followedThreadComment: 'commented on a post you follow',
  postLike: 'liked your post',
  commentLike: 'liked your comment',
  referralReceived: 'sent you a referral',
  referralAnswered: 'answered your referral',
};

const ALONE: Partial<Record<NotificationType, string>> = {
  licenceVerified: 'Your licence was verified',
  licenceDeclined: 'Your licence was declined',
  resourceApproved: 'Your resource was approved',
  resourceDeclined: 'Your resource was declined',
  referralOffer: 'A new referral offer is on the board',
  referralPlaced: 'Your referral was placed',
  referralExpiring: 'Your referral is about to expire',
};

/** The sentence of one item (without its target's title, shown beside it). */
export function describeNotification({ type, actors, count }: Pick<NotificationItem, 'type' | 'actors' | 'count'>): string {
  const verb = WITH_ACTOR[type];
  if (verb) return `${actorsPhrase(actors, count)} ${verb}`;
  return ALONE[type] ?? 'Something new for you';
}

/** The bell's accessible name: "Notifications, 3 unread". */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The badge on the bell: large counts are shortened. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));
