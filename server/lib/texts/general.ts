// Requests in general (paging, limits, the server's state): the server's answers as catalogue messages (docs/decisions/0275). Their English is exactly the
// text clients have always read, often a shared constant of common/ that the web app also shows.
import { defineMessages } from '@formatjs/intl';

export const SERVER_GENERAL = defineMessages({
  notACursor: { id: 'server.general.notACursor', defaultMessage: 'before: must be a cursor from a previous page', description: 'Refusal of a malformed request (names the API field "before").' },
  fieldNotACursor: { id: 'server.general.fieldNotACursor', defaultMessage: 'Invalid {field}: not a valid cursor', description: 'Refusal of a malformed request: {field} names an API field.' },
  fieldHasNul: { id: 'server.general.fieldHasNul', defaultMessage: 'Invalid {field}: must not contain NUL characters', description: 'Refusal of a malformed request: {field} names an API field.' },
  noEndpoint: { id: 'server.general.noEndpoint', defaultMessage: 'No such endpoint: {method} {path}', description: 'A request to an address the API does not have: {method} and {path} as sent.' },
  avatarNotHttps: { id: 'server.general.avatarNotHttps', defaultMessage: 'Invalid avatar: must be an https URL', description: 'Refusal of a malformed request (names the API field "avatar").' },
  shuttingDown: { id: 'server.general.shuttingDown', defaultMessage: 'This server is shutting down. Please try again.', description: 'Refusal while the server stops.' },
  tooDeep: { id: 'server.general.tooDeep', defaultMessage: 'The request nests objects or arrays more than 64 levels deep.', description: 'Refusal of a malformed request.' },
  databaseUnreachable: { id: 'server.general.databaseUnreachable', defaultMessage: 'Database unreachable.', description: 'The database cannot be reached.' },
  idempotencyReused: { id: 'server.general.idempotencyReused', defaultMessage: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.', description: 'Refusal (names the HTTP header).' },
  idempotencyInProgress: { id: 'server.general.idempotencyInProgress', defaultMessage: 'A request with this Idempotency-Key is still being handled. Please try again in a moment.', description: 'Refusal (names the HTTP header).' },
  tooManyForUser: { id: 'server.general.tooManyForUser', defaultMessage: 'Too many connections for this account: close another tab or device.', description: 'The live connection was refused: the member has too many tabs or devices open.' },
  tooManyFromAddress: { id: 'server.general.tooManyFromAddress', defaultMessage: 'Too many connections from this address.', description: 'The live connection was refused: too many from one network address.' },
});
