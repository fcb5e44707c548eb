// The review's emails, in each recipient's language. A reporter hears the outcome, never who acted; a warned author
// hears where, never who reported nor the reported text. A chat message is named without its conversation: its other
// participant is the only one who could have reported it.
import { defineMessages } from '@formatjs/intl';
import type { ReportAction, ReportTargetType } from '../../../common/moderation.ts';
import { mailLocale, sayIn } from '../../lib/i18n.ts';
import type { Mail } from '../../lib/mail.ts';
import type { TargetView } from './reports-targets.ts';

const M = defineMessages({
  outcomeSubject: {
    id: 'email.moderation.reportReviewed.subject', defaultMessage: 'Your report was reviewed',
    description: 'Subject of the email telling a member the moderators reviewed their report.',
  },
  outcomeBody: {
    id: 'email.moderation.reportReviewed.body',
    defaultMessage: 'Hello {name},\n\nThank you for your report of {type, select, post {a post} comment {a comment} resource {a resource} profile {a profile} other {a chat message}}; the moderators reviewed it and {action, select, dismiss {found no problem} remove {removed the content} warn {warned its author} other {suspended the author\'s account}}.\n\nThera Root\n{link}',
    description: 'Body of that email: {type} is what was reported, {action} what the moderators did; {link} the home page. Never says who acted.',
  },
  warningSubject: {
    id: 'email.moderation.warning.subject', defaultMessage: 'A warning from the Thera Root moderators',
    description: 'Subject of the email warning a member that something they wrote broke the rules.',
  },
  warningBody: {
    id: 'email.moderation.warning.body',
    defaultMessage: 'Hello {name},\n\n{what} was reported and reviewed by the moderators, who found that it breaks the community\'s rules. Please keep to them: a further problem may lead to your account being suspended.{hasWhere, select, yes {\n\nWhere: {where}} other {}}{hasNote, select, yes {\n\nThe moderators\' note: {note}} other {}}\n\nThera Root',
    description: 'Body of the warning: {what} is one of the email.moderation.warning.what messages; {where} a link, shown when {hasWhere} is yes; {note} the moderators\' own words (not translated), shown when {hasNote} is yes.',
  },
  what: {
    id: 'email.moderation.warning.what',
    defaultMessage: '{type, select, post {Your post} comment {Your comment on a post} resource {A resource you submitted} profile {Your profile} other {A chat message you sent}}',
    description: 'What a warning is about, where its place is unknown.',
  },
  whatIn: {
    id: 'email.moderation.warning.whatIn',
    defaultMessage: '{type, select, post {Your post in {place}} other {Your comment on a post in {place}}}',
    description: 'What a warning is about: a post or comment in {place}, a community\'s name.',
  },
});

export function reporterOutcome(
  to: { email: string; name: string; locale: string | null }, type: ReportTargetType, action: ReportAction, publicUrl: string,
): Mail {
  const say = sayIn(mailLocale(to.locale));
  return { to: to.email, subject: say(M.outcomeSubject), text: say(M.outcomeBody, { name: to.name, type, action, link: `${publicUrl}/` }) };
}

/** "Your post in Anxiety Peers was reported...": the place in words and a link, not the content. */
export function authorWarning(
  to: { email: string; name: string; locale: string | null }, type: ReportTargetType, view: TargetView, note: string | undefined,
  publicUrl: string,
): Mail {
  const say = sayIn(mailLocale(to.locale));
  const place = view.where.replace(/^(Post|Comment on a post) in /, '');
  const placed = (type === 'post' && view.where.startsWith('Post in ')) || (type === 'comment' && view.where.startsWith('Comment on a post in '));
  const what = placed ? say(M.whatIn, { type, place }) : say(M.what, { type });
  return {
    to: to.email,
    subject: say(M.warningSubject),
    text: say(M.warningBody, {
      name: to.name, what, hasWhere: view.link ? 'yes' : 'no', where: view.link ? `${publicUrl}${view.link}` : '', hasNote: note ? 'yes' : 'no', note: note ?? '',
    }),
  };
}
