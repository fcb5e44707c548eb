// How a notification reads, as catalogue messages: who and where, never the text of a post, comment or message. The
// English is exactly common/notification-text.ts's (a test holds them together), so the emails read the same in
// English; the server's emails say them in the recipient's language, and the bell may too.
import { defineMessages } from '@formatjs/intl';
import type { NotificationActor, NotificationType, PreferenceKey } from '../notifications.ts';

const ACTORS = defineMessages({
  someone: { id: 'notificationText.actors.someone', defaultMessage: 'Someone', description: 'Who acted, when no name is known.' },
  two: { id: 'notificationText.actors.two', defaultMessage: '{first} and {second}', description: 'Two members who acted (names).' },
  more: {
    id: 'notificationText.actors.more', defaultMessage: '{first} and {others, plural, one {# other} other {# others}}',
    description: 'A member and a count of others who acted on the same item.',
  },
});

const SENTENCES = defineMessages({
  postReply: { id: 'notificationText.postReply', defaultMessage: '{who} replied to your post', description: 'Notification: {who} is one name or "X and 2 others".' },
  commentReply: { id: 'notificationText.commentReply', defaultMessage: '{who} replied to your comment', description: 'Notification: {who} is who acted.' },
  mention: { id: 'notificationText.mention', defaultMessage: '{who} mentioned you', description: 'Notification: {who} is who acted.' },
  followedThreadComment: { id: 'notificationText.followedThreadComment', defaultMessage: '{who} commented on a post you follow', description: 'Notification: {who} is who acted.' },
  postLike: { id: 'notificationText.postLike', defaultMessage: '{who} liked your post', description: 'Notification: {who} is who acted.' },
  commentLike: { id: 'notificationText.commentLike', defaultMessage: '{who} liked your comment', description: 'Notification: {who} is who acted.' },
  licenceVerified: { id: 'notificationText.licenceVerified', defaultMessage: 'Your licence was verified', description: 'Notification.' },
  licenceDeclined: { id: 'notificationText.licenceDeclined', defaultMessage: 'Your licence was declined', description: 'Notification.' },
  resourceApproved: { id: 'notificationText.resourceApproved', defaultMessage: 'Your resource was approved', description: 'Notification: a resource the member submitted.' },
  resourceDeclined: { id: 'notificationText.resourceDeclined', defaultMessage: 'Your resource was declined', description: 'Notification.' },
  referralReceived: { id: 'notificationText.referralReceived', defaultMessage: '{who} sent you a referral', description: 'Notification: {who} is who acted.' },
  referralAnswered: {
    id: 'notificationText.referralAnswered',
    defaultMessage: '{answer, select, accepted {{who} accepted your referral} declined {{who} declined your referral} noCapacity {{who} has no capacity for your referral} other {{who} answered your referral}}',
    description: 'Notification: {who} answered the member\'s referral; {answer} is how.',
  },
  referralOffer: { id: 'notificationText.referralOffer', defaultMessage: '{who} offered a referral on the board', description: 'Notification: {who} is who acted.' },
  referralPlaced: { id: 'notificationText.referralPlaced', defaultMessage: 'Your referral was placed', description: 'Notification.' },
  referralExpiring: { id: 'notificationText.referralExpiring', defaultMessage: 'Your referral is expiring soon', description: 'Notification.' },
  groupInvitation: { id: 'notificationText.groupInvitation', defaultMessage: '{who} invited you to a consultation group', description: 'Notification: {who} is who acted.' },
  groupJoinRequest: { id: 'notificationText.groupJoinRequest', defaultMessage: '{who} asked to join your consultation group', description: 'Notification: {who} is who acted.' },
  groupMeetingSoon: {
    id: 'notificationText.groupMeetingSoon',
    defaultMessage: '{when, select, hour {Your consultation group meets in an hour} other {Your consultation group meets tomorrow}}',
    description: 'Notification: a meeting reminder, an hour or a day before.',
  },
  referralOutcome: { id: 'notificationText.referralOutcome', defaultMessage: '{who} recorded the outcome of your referral', description: 'Notification: {who} is who acted.' },
  referralOutcomeDue: { id: 'notificationText.referralOutcomeDue', defaultMessage: 'Record the outcome of a referral you accepted', description: 'Notification: a reminder.' },
  practiceReferralReceived: {
    id: 'notificationText.practiceReferralReceived',
    defaultMessage: '{hasPractice, select, yes {{who} sent a referral to {practice}} other {{who} sent a referral to your practice}}',
    description: 'Notification: {practice} is the practice\'s name, when known.',
  },
  practiceReferralAssigned: {
    id: 'notificationText.practiceReferralAssigned',
    defaultMessage: '{hasPractice, select, yes {{who} assigned you a referral at {practice}} other {{who} assigned you a referral at your practice}}',
    description: 'Notification: {practice} is the practice\'s name, when known.',
  },
  referralAssigned: {
    id: 'notificationText.referralAssigned',
    defaultMessage: '{hasPractice, select, yes {Your referral was assigned to {who} at {practice}} other {Your referral was assigned to {who} at a practice}}',
    description: 'Notification: {who} is the therapist the practice chose, {practice} its name when known.',
  },
  practiceInvitation: {
    id: 'notificationText.practiceInvitation',
    defaultMessage: '{hasPractice, select, yes {{who} invited you to join {practice}} other {{who} invited you to join a practice}}',
    description: 'Notification: {who} invited the member to join a group practice; {practice} is its name, when known.',
  },
});

const IN_PLACE = defineMessages({
  inPlace: { id: 'notificationText.inPlace', defaultMessage: '{sentence} in {place}', description: 'A notification with where it happened: {place} is a community\'s name.' },
});

/** Labels of the notification settings, as the emails' unsubscribe lines name them. */
export const PREFERENCE_MESSAGES = defineMessages({
  postReply: { id: 'notificationText.preference.postReply', defaultMessage: 'Replies to my posts', description: 'A kind of notification, in settings and unsubscribe lines.' },
  commentReply: { id: 'notificationText.preference.commentReply', defaultMessage: 'Replies to my comments', description: 'A kind of notification.' },
  mention: { id: 'notificationText.preference.mention', defaultMessage: 'Mentions of me', description: 'A kind of notification.' },
  followedThreadComment: { id: 'notificationText.preference.followedThreadComment', defaultMessage: 'New comments in threads I follow', description: 'A kind of notification.' },
  postLike: { id: 'notificationText.preference.postLike', defaultMessage: 'Likes on my posts', description: 'A kind of notification.' },
  commentLike: { id: 'notificationText.preference.commentLike', defaultMessage: 'Likes on my comments', description: 'A kind of notification.' },
  licenceVerified: { id: 'notificationText.preference.licenceVerified', defaultMessage: 'My licence verified', description: 'A kind of notification.' },
  licenceDeclined: { id: 'notificationText.preference.licenceDeclined', defaultMessage: 'My licence declined', description: 'A kind of notification.' },
  resourceApproved: { id: 'notificationText.preference.resourceApproved', defaultMessage: 'My resource approved', description: 'A kind of notification.' },
  resourceDeclined: { id: 'notificationText.preference.resourceDeclined', defaultMessage: 'My resource declined', description: 'A kind of notification.' },
  referralReceived: { id: 'notificationText.preference.referralReceived', defaultMessage: 'Referral received', description: 'A kind of notification.' },
  referralAnswered: { id: 'notificationText.preference.referralAnswered', defaultMessage: 'Referral answered', description: 'A kind of notification.' },
  referralOffer: { id: 'notificationText.preference.referralOffer', defaultMessage: 'Referral offer on the board', description: 'A kind of notification.' },
  referralPlaced: { id: 'notificationText.preference.referralPlaced', defaultMessage: 'Referral placed', description: 'A kind of notification.' },
  referralExpiring: { id: 'notificationText.preference.referralExpiring', defaultMessage: 'Referral expiring', description: 'A kind of notification.' },
  groupInvitation: { id: 'notificationText.preference.groupInvitation', defaultMessage: 'Invitation to a consultation group', description: 'A kind of notification.' },
  groupJoinRequest: { id: 'notificationText.preference.groupJoinRequest', defaultMessage: 'Request to join my consultation group', description: 'A kind of notification.' },
  groupMeetingSoon: { id: 'notificationText.preference.groupMeetingSoon', defaultMessage: 'Consultation group meeting reminders', description: 'A kind of notification.' },
  referralOutcome: { id: 'notificationText.preference.referralOutcome', defaultMessage: 'Outcome of my referral recorded', description: 'A kind of notification.' },
  referralOutcomeDue: { id: 'notificationText.preference.referralOutcomeDue', defaultMessage: 'Reminder to record a referral\'s outcome', description: 'A kind of notification.' },
  practiceReferralReceived: { id: 'notificationText.preference.practiceReferralReceived', defaultMessage: 'Referral to my practice\'s inbox', description: 'A kind of notification.' },
  practiceReferralAssigned: { id: 'notificationText.preference.practiceReferralAssigned', defaultMessage: 'Referral assigned to me by my practice', description: 'A kind of notification.' },
  referralAssigned: { id: 'notificationText.preference.referralAssigned', defaultMessage: 'My referral assigned by a practice', description: 'A kind of notification.' },
  practiceInvitation: { id: 'notificationText.preference.practiceInvitation', defaultMessage: 'Invitation to join a practice', description: 'A kind of notification.' },
  chatMessage: { id: 'notificationText.preference.chatMessage', defaultMessage: 'Chat messages I missed', description: 'A kind of notification: chat messages, by email only.' },
}) satisfies Record<PreferenceKey, unknown>;

type Message = { id: string; defaultMessage: string };
/** Formats a catalogue message in the reader's language (the server's sayIn, react-intl's formatMessage). */
export type Formatter = (message: Message, values?: Record<string, string | number>) => string;

const ANSWERS: Record<string, string> = { accepted: 'accepted', declined: 'declined', 'no capacity': 'noCapacity' };

/** "Amara Okafor", "Amara Okafor and Li Wei", "Amara Okafor and 3 others", in the reader's language. */
function actorsIn(say: Formatter, actors: Pick<NotificationActor, 'name'>[], count: number): string {
  const first = actors[0]?.name ?? say(ACTORS.someone);
  const others = Math.max(count, actors.length) - 1;
  if (others <= 0) return first;
  if (others === 1 && actors[1]) return say(ACTORS.two, { first, second: actors[1].name });
  return say(ACTORS.more, { first, others });
}

/** common/notification-text.ts's notificationSentence, in the reader's language. */
export function notificationSentenceIn(
  say: Formatter, n: { type: NotificationType; actors: Pick<NotificationActor, 'name'>[]; count: number; detail?: string | null }, place?: string,
): string {
  const who = actorsIn(say, n.actors, n.count);
  const detail = n.detail ?? null;
  const sentence = say(SENTENCES[n.type], {
    who,
    answer: (detail && Object.hasOwn(ANSWERS, detail) ? ANSWERS[detail] : 'other'),
    when: detail === 'hour' ? 'hour' : 'other',
    hasPractice: detail ? 'yes' : 'no',
    practice: detail ?? '',
  });
  return place ? say(IN_PLACE.inPlace, { sentence, place }) : sentence;
}
