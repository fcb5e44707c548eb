// Referrals, the board, outcomes and insights: the server's answers as catalogue messages (docs/decisions/0275). Their English is exactly the
// text clients have always read, often a shared constant of common/ that the web app also shows.
import { defineMessages } from '@formatjs/intl';

export const SERVER_REFERRALS = defineMessages({
  referralNotFound: { id: 'server.referrals.referralNotFound', defaultMessage: 'Referral not found.', description: 'Refusal.' },
  noAudience: { id: 'server.referrals.noAudience', defaultMessage: 'Choose at least one therapist or post the request to the board.', description: 'Refusal.' },
  recipientMissing: { id: 'server.referrals.recipientMissing', defaultMessage: 'One of the chosen therapists was not found or has not been verified.', description: 'Refusal.' },
  referToSelf: { id: 'server.referrals.referToSelf', defaultMessage: 'You cannot refer a client to yourself.', description: 'Refusal.' },
  recipientBlocked: { id: 'server.referrals.recipientBlocked', defaultMessage: 'One of the chosen therapists cannot receive referrals from you.', description: 'Refusal.' },
  neededByPast: { id: 'server.referrals.neededByPast', defaultMessage: 'The date needed by cannot be in the past.', description: 'Refusal.' },
  notOpen: { id: 'server.referrals.notOpen', defaultMessage: 'This referral is no longer open.', description: 'Refusal.' },
  alreadyAnswered: { id: 'server.referrals.alreadyAnswered', defaultMessage: 'You have already answered this referral.', description: 'Refusal.' },
  onlyRecipientResponds: { id: 'server.referrals.onlyRecipientResponds', defaultMessage: 'Only a therapist this referral was sent to can answer it.', description: 'Refusal.' },
  onlySenderSetsStatus: { id: 'server.referrals.onlySenderSetsStatus', defaultMessage: 'Only the therapist who sent this referral can mark it placed or withdrawn.', description: 'Refusal.' },
  notOnBoard: { id: 'server.referrals.notOnBoard', defaultMessage: 'This referral is not on the board.', description: 'Refusal.' },
  boardMismatch: { id: 'server.referrals.boardMismatch', defaultMessage: 'This referral does not match the age groups and concerns on your profile.', description: 'Refusal.' },
  ownReferral: { id: 'server.referrals.ownReferral', defaultMessage: 'You cannot offer to take your own referral.', description: 'Refusal.' },
  alreadyRecipient: { id: 'server.referrals.alreadyRecipient', defaultMessage: 'This referral was already sent to you: answer it instead.', description: 'Refusal.' },
  offerNotFound: { id: 'server.referrals.offerNotFound', defaultMessage: 'Offer not found.', description: 'Refusal.' },
  offerTaken: { id: 'server.referrals.offerTaken', defaultMessage: 'This offer has already been accepted.', description: 'Refusal.' },
  offerExists: { id: 'server.referrals.offerExists', defaultMessage: 'You have already offered to take this referral.', description: 'Refusal.' },
  onlySenderAcceptsOffers: { id: 'server.referrals.onlySenderAcceptsOffers', defaultMessage: 'Only the therapist who sent this referral can accept an offer.', description: 'Refusal.' },
  oneOf: { id: 'server.referrals.oneOf', defaultMessage: 'Send one of a response, a status or an outcome.', description: 'Refusal of a malformed request.' },
  stopAcceptingWithNoCapacity: { id: 'server.referrals.stopAcceptingWithNoCapacity', defaultMessage: 'Only a "No capacity" answer can close your profile to new clients.', description: 'Refusal of a malformed request.' },
  adminText: { id: 'server.referrals.adminText', defaultMessage: 'Administrators see referral counts, not referrals.', description: 'Refusal to an administrator.' },
  onlyAccepting: { id: 'server.referrals.onlyAccepting', defaultMessage: 'Only a therapist who accepted this referral can record its outcome.', description: 'Refusal.' },
  notAccepted: { id: 'server.referrals.notAccepted', defaultMessage: 'Accept this referral before recording its outcome.', description: 'Refusal.' },
  outcomeRecorded: { id: 'server.referrals.outcomeRecorded', defaultMessage: 'The outcome of this referral has already been recorded.', description: 'Refusal.' },
  outcomeWindowClosed: { id: 'server.referrals.outcomeWindowClosed', defaultMessage: 'The outcome can only be recorded within 30 days of accepting.', description: 'Refusal.' },
  withdrawn: { id: 'server.referrals.withdrawn', defaultMessage: 'This referral was withdrawn.', description: 'Refusal.' },
  badRange: { id: 'server.referrals.badRange', defaultMessage: 'The start date must not be after the end date.', description: 'Refusal.' },
  periodTooLong: { id: 'server.referrals.periodTooLong', defaultMessage: 'The period can be at most 731 days.', description: 'Refusal.' },
});
