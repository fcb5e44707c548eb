// The notification emails' own words (the sentences of items are common/i18n/notification-messages.ts), as catalogue
// messages sent in the recipient's language; their English is exactly what these mails always said.
import { defineMessages } from '@formatjs/intl';

export const EMAIL_TEXTS = defineMessages({
  hello: { id: 'email.notifications.hello', defaultMessage: 'Hello {name},', description: 'First line of a notification email: {name} is the member\'s name.' },
  signature: { id: 'email.notifications.signature', defaultMessage: 'Thera Root', description: 'Last line of a notification email (the product\'s name).' },
  stopEmails: {
    id: 'email.notifications.stopEmails', defaultMessage: 'Stop emails about "{kind}": {link}',
    description: 'Unsubscribe line: {kind} is a kind of notification (notificationText.preference.*), {link} the unsubscribe page.',
  },
  item: { id: 'email.notifications.item', defaultMessage: '- {sentence}: {link}', description: 'One item of a notification email: what happened and its link.' },
  oneSubject: { id: 'email.notifications.one.subject', defaultMessage: '{sentence} on Thera Root', description: 'Subject of an email with one notification: {sentence} is what happened.' },
  manySubject: {
    id: 'email.notifications.many.subject', defaultMessage: '{count, plural, one {# new notification} other {# new notifications}} on Thera Root',
    description: 'Subject of an email with several notifications.',
  },
  unseen: {
    id: 'email.notifications.unseen',
    defaultMessage: '{count, plural, one {You have a notification you have not seen yet:} other {You have notifications you have not seen yet:}}',
    description: 'Before the list of notifications in an email.',
  },
  digestIntro: { id: 'email.digest.intro', defaultMessage: 'Here is what happened since your last digest:', description: 'Before the list in the daily digest.' },
  digestChat: {
    id: 'email.digest.chat', defaultMessage: '- {sender} sent you {count, plural, one {# message} other {# messages}}: {link}',
    description: 'A conversation with unread messages in the digest: {sender} is who wrote (never the text).',
  },
  digestSubject: {
    id: 'email.digest.subject',
    defaultMessage: 'Your Thera Root digest: {parts, select, both {{items, plural, one {# notification} other {# notifications}} and {chats, plural, one {# conversation with new messages} other {# conversations with new messages}}} items {{items, plural, one {# notification} other {# notifications}}} other {{chats, plural, one {# conversation with new messages} other {# conversations with new messages}}}}',
    description: 'Subject of the daily digest: {items} notifications and {chats} conversations with unread messages; {parts} says which of the two there are.',
  },
  chatSubject: {
    id: 'email.chat.subject', defaultMessage: '{sender} sent you a message on Thera Root',
    description: 'Subject of the email for a missed chat message: {sender} is who wrote (never the text).',
  },
  chatReadIt: { id: 'email.chat.readIt', defaultMessage: 'Read it in the app: {link}', description: 'Line of the missed chat message email, with the conversation\'s link.' },
});
