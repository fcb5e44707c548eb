// The refusals every route can give, as catalogue messages (server/lib/i18n.ts): their English is the text clients
// have always read; common/i18n/lang holds the other languages.
import { defineMessages } from '@formatjs/intl';

export const ERRORS = defineMessages({
  unauthorized: { id: 'errors.unauthorized', defaultMessage: 'Please log in to continue.', description: 'A request that needs a signed-in member came without a session.' },
  forbidden: { id: 'errors.forbidden', defaultMessage: 'You do not have permission to do that.', description: 'A member asked for something their role does not allow.' },
  notFound: { id: 'errors.notFound', defaultMessage: 'Not found.', description: 'What was asked for does not exist or is not visible to this member.' },
  rateLimited: { id: 'errors.rateLimited', defaultMessage: 'Too many requests. Please try again later.', description: 'The member sent too many requests in a short time.' },
  tooOften: { id: 'errors.tooOften', defaultMessage: 'You are doing that too often. Please try again in {seconds, plural, one {# second} other {# seconds}}.', description: 'A member wrote too often (posts, messages, referrals); {seconds} until the next write is allowed.' },
  internal: { id: 'errors.internal', defaultMessage: 'Something went wrong on our side. Please try again.', description: 'An unexpected server failure; says nothing about its cause.' },
  invalidField: { id: 'errors.invalidField', defaultMessage: 'Invalid {field}: {reason}', description: 'A field of a request broke a rule. {field} is the field name as the API spells it; {reason} one of the errors.reason messages.' },
  required: { id: 'errors.reason.required', defaultMessage: 'is required', description: 'Follows a field name: the field was empty.' },
  atLeastCharacters: { id: 'errors.reason.atLeastCharacters', defaultMessage: 'must be at least {count, plural, one {# character} other {# characters}}', description: 'Follows a field name: the text is too short.' },
  atMostCharacters: { id: 'errors.reason.atMostCharacters', defaultMessage: 'must be at most {count, plural, one {# character} other {# characters}}', description: 'Follows a field name: the text is too long.' },
  atMostItems: { id: 'errors.reason.atMostItems', defaultMessage: 'must have at most {count, plural, one {# item} other {# items}}', description: 'Follows a field name: a list holds too many entries.' },
  validEmail: { id: 'errors.reason.validEmail', defaultMessage: 'must be a valid email address', description: 'Follows a field name.' },
  notAnOption: { id: 'errors.reason.notAnOption', defaultMessage: 'is not one of the allowed values', description: 'Follows a field name: a value outside a fixed list.' },
  wrongType: { id: 'errors.reason.wrongType', defaultMessage: 'has the wrong type', description: 'Follows a field name: e.g. a number where text was expected.' },
  malformedJson: { id: 'errors.malformedJson', defaultMessage: 'Malformed JSON in request body.', description: 'The request body is not valid JSON.' },
  malformedMultipart: { id: 'errors.malformedMultipart', defaultMessage: 'Malformed upload: the multipart body ends early or is not well formed.', description: 'An upload whose multipart/form-data body is cut short or broken.' },
  badUrl: { id: 'errors.badUrl', defaultMessage: 'Malformed address: a part of the path is not valid percent-encoding.', description: 'The request path could not be decoded.' },
  tooLarge: { id: 'errors.tooLarge', defaultMessage: 'Request body is too large (the limit is 1 MB).', description: 'The request body passed the size limit.' },
  unsupportedType: { id: 'errors.unsupportedType', defaultMessage: 'Unsupported content type; send application/json.', description: 'The request body has a content type the API does not take.' },
  badRequest: { id: 'errors.badRequest', defaultMessage: 'Bad request.', description: 'A malformed request with no more precise reason.' },
  refusedBySql: { id: 'errors.refusedBySql', defaultMessage: 'Invalid value in request.', description: 'A value the database could not store (an impossible date, a number out of range).' },
  alreadyExists: { id: 'errors.alreadyExists', defaultMessage: 'That already exists.', description: 'Creating something that exists already.' },
  missingReference: { id: 'errors.missingReference', defaultMessage: 'A referenced item was not found.', description: 'The request names an item that does not exist.' },
  valueTooLong: { id: 'errors.valueTooLong', defaultMessage: 'A value is too long.', description: 'A value longer than the database can hold.' },
  storageFull: { id: 'errors.storageFull', defaultMessage: 'The server has run out of storage space, so this was not saved. Please try again later.', description: 'The server disk is full.' },
  restarting: { id: 'errors.restarting', defaultMessage: 'The server is restarting. Please try again in a moment.', description: 'The server is stopping for a restart.' },
  unavailable: { id: 'errors.unavailable', defaultMessage: 'The service is briefly unavailable. Please try again in a moment.', description: 'The database cannot answer for now.' },
});

export const ACCESS = defineMessages({
  notVerified: { id: 'access.notVerified', defaultMessage: 'Your licence has not been verified yet.', description: 'A member whose licence an administrator has not yet verified tried a verified-only action.' },
  adminsOnly: { id: 'access.adminsOnly', defaultMessage: 'Only administrators can do that.', description: 'A member tried an administrators-only action.' },
  adminTwoFactorRequired: { id: 'access.adminTwoFactorRequired', defaultMessage: 'Administrators must turn on two-factor sign-in before doing anything else.', description: 'An administrator without a second factor, where the policy requires one.' },
  memberTwoFactorRequired: { id: 'access.memberTwoFactorRequired', defaultMessage: 'You must turn on two-factor sign-in or add a passkey before doing anything else.', description: 'A member without a second factor, where the policy requires one.' },
  sessionEnded: { id: 'access.sessionEnded', defaultMessage: 'Your session has ended. Please log in again.', description: 'The session token sent is no longer valid (signed out elsewhere, idle, expired).' },
});

