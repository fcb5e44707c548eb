// The review's emails. A reporter hears the outcome, never who acted; a warned author hears where, never who
// reported nor the reported text. A chat message is named without its conversation: its other participant is the
// only one who could have reported it.
import type { ReportAction, ReportTargetType } from '../../../common/moderation.ts';
import type { Mail } from '../../lib/mail.ts';
import type { TargetView } from './reports-targets.ts';

const THING: Record<ReportTargetType, string> = {
  post: 'a post', comment: 'a comment', resource: 'a resource', profile: 'a profile', message: 'a chat message',
};

const OUTCOME: Record<ReportAction, string> = {
  dismiss: 'found no problem',
  remove: 'removed the content',
  warn: 'warned its author',
  suspend: "suspended the author's account",
};

export function reporterOutcome(to: { email: string; name: string }, type: ReportTargetType, action: ReportAction, publicUrl: string): Mail {
  return {
    to: to.email,
    subject: 'Your report was reviewed',
    text: `Hello ${to.name},\n\nThank you for your report of ${THING[type]}; the moderators reviewed it and ${OUTCOME[action]}.\n\n`
      + `Thera Root\n${publicUrl}/`,
  };
}

/** "Your post in Anxiety Peers was reported...": the place in words and a link, not the content. */
export function authorWarning(
  to: { email: string; name: string }, type: ReportTargetType, view: TargetView, note: string | undefined, publicUrl: string,
): Mail {
  const place = view.where.replace(/^(Post|Comment on a post) in /, '');
  const what: Record<ReportTargetType, string> = {
    post: view.where.startsWith('Post in ') ? `Your post in ${place}` : 'Your post',
    comment: view.where.startsWith('Comment on a post in ') ? `Your comment on a post in ${place}` : 'Your comment on a post',
    resource: 'A resource you submitted',
    profile: 'Your profile',
    message: 'A chat message you sent',
  };
  const link = view.link ? `\n\nWhere: ${publicUrl}${view.link}` : '';
  const said = note ? `\n\nThe moderators' note: ${note}` : '';
  return {
    to: to.email,
    subject: 'A warning from the Thera Root moderators',
    text: `Hello ${to.name},\n\n${what[type]} was reported and reviewed by the moderators, who found that it breaks the community's rules. `
      + `Please keep to them: a further problem may lead to your account being suspended.${link}${said}\n\nThera Root`,
  };
}
