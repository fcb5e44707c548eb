// The privacy guard's refusals (written out whole in each message: the catalogue extraction reads literals only) as catalogue messages, so each member hears them in their own language. Their English is
// exactly common/privacy-check.ts's PRIVACY_TEXTS and FORUM_PRIVACY_TEXTS (a test holds them together).
import { defineMessages } from '@formatjs/intl';

export const PRIVACY_MESSAGES = defineMessages({
  refused: {
    id: 'privacy.refused',
    defaultMessage: "The {subject, select, note {note} message {message} post {post} comment {comment} other {{subject}}} looks like it contains {kind, select, name {a client''s name} phone {a phone number} email {an email address} date {a date of birth or a full date} address {a street address} other {a health-card, insurance or card number}}. Describe needs, not identities.",
    description: 'A referral note, answer or offer was refused: {subject} is what was written (note, message), {kind} the kind of identifying detail found.',
  },
  likelyName: {
    id: 'privacy.likelyName',
    defaultMessage: "The {subject, select, note {note} message {message} post {post} comment {comment} other {{subject}}} may contain a name. Describe needs, not identities, or confirm that it is not a name.",
    description: 'The guard is fairly sure a name was written; the member may confirm it is not one.',
  },
  forumLooksIdentifying: {
    id: 'privacy.forum.looksIdentifying',
    defaultMessage: "The {subject, select, note {note} message {message} post {post} comment {comment} other {{subject}}} looks like it contains {kind, select, name {a client''s name} phone {a phone number} email {an email address} date {a date of birth or a full date} address {a street address} other {a health-card, insurance or card number}}. Colleagues across the network read it: remove anything that identifies a client, or confirm that nothing does.",
    description: 'A forum post or comment seems to identify a client; the writer may confirm and post.',
  },
  forumRefused: {
    id: 'privacy.forum.refused',
    defaultMessage: "The {subject, select, note {note} message {message} post {post} comment {comment} other {{subject}}} looks like it contains {kind, select, name {a client''s name} phone {a phone number} email {an email address} date {a date of birth or a full date} address {a street address} other {a health-card, insurance or card number}}. On this network forum posts and comments may not hold anything that could identify a client: remove it to post.",
    description: 'Administrators made identifying details a hard refusal in forums.',
  },
});
