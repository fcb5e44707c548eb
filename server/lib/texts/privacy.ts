// Account deletion, data copies, photos and unsubscribing: the server's answers as catalogue messages (docs/decisions/0275). Their English is exactly the
// text clients have always read, often a shared constant of common/ that the web app also shows.
import { defineMessages } from '@formatjs/intl';

export const SERVER_PRIVACY = defineMessages({
  wrongPassword: { id: 'server.privacy.wrongPassword', defaultMessage: 'Your password is incorrect.', description: 'Refusal.' },
  heldMember: { id: 'server.privacy.heldMember', defaultMessage: 'Your account is under a legal hold, so it cannot be deleted for now. Your data is kept until the hold is released; please contact the administrators.', description: 'Refusal of an account deletion under legal hold, to the member.' },
  heldAdmin: { id: 'server.privacy.heldAdmin', defaultMessage: 'This account is under a legal hold and cannot be deleted until the hold is released.', description: 'Refusal of an account deletion under legal hold, to an administrator.' },
  accountNotFound: { id: 'server.privacy.accountNotFound', defaultMessage: 'Account not found.', description: 'Refusal.' },
  tooManyAttempts: { id: 'server.privacy.tooManyAttempts', defaultMessage: 'Too many attempts. Please try again in 15 minutes.', description: 'Rate limit.' },
  deleteOwnInSettings: { id: 'server.privacy.deleteOwnInSettings', defaultMessage: 'Delete your own account from your settings.', description: 'Refusal to an administrator deleting their own account here.' },
  exportPreparing: { id: 'server.privacy.exportPreparing', defaultMessage: 'Your data is already being prepared.', description: 'Refusal.' },
  exportGone: { id: 'server.privacy.exportGone', defaultMessage: 'This download is not available. Please prepare a new one.', description: 'Refusal.' },
  exportsPerDay: { id: 'server.privacy.exportsPerDay', defaultMessage: 'You can prepare your data {count, plural, one {# time} other {# times}} a day. Please try again tomorrow.', description: 'Rate limit on data copies: {count} per day.' },
  photoNotFound: { id: 'server.privacy.photoNotFound', defaultMessage: 'Photo not found.', description: 'Refusal.' },
  noPhoto: { id: 'server.privacy.noPhoto', defaultMessage: 'Please choose a photo to upload.', description: 'Refusal.' },
  photoTooLarge: { id: 'server.privacy.photoTooLarge', defaultMessage: 'This photo is larger than 5 MB. Please choose a smaller one.', description: 'Refusal.' },
  tooManyPixels: { id: 'server.privacy.tooManyPixels', defaultMessage: 'This photo is too large in pixels (at most 40 megapixels).', description: 'Refusal.' },
  unreadablePhoto: { id: 'server.privacy.unreadablePhoto', defaultMessage: 'This photo could not be read. Please try another file.', description: 'Refusal.' },
  unsupportedPhoto: { id: 'server.privacy.unsupportedPhoto', defaultMessage: 'Please upload a JPEG, PNG or WebP photo.', description: 'Refusal.' },
  mismatchedPhoto: { id: 'server.privacy.mismatchedPhoto', defaultMessage: 'This file is not the image its name or type says it is.', description: 'Refusal.' },
  sendMultipart: { id: 'server.privacy.sendMultipart', defaultMessage: 'Send the photo as multipart/form-data.', description: 'Refusal of a malformed upload.' },
  accountDeleted: { id: 'server.privacy.accountDeleted', defaultMessage: 'Your account has been deleted.', description: 'Confirmation.' },
  theAccountDeleted: { id: 'server.privacy.theAccountDeleted', defaultMessage: 'The account has been deleted.', description: 'Confirmation to an administrator.' },
  unsubscribeBadLink: { id: 'server.privacy.unsubscribeBadLink', defaultMessage: 'This unsubscribe link is not valid.', description: 'Refusal.' },
});
