// Reports and resources: the server's answers as catalogue messages (docs/decisions/0275). Their English is exactly the
// text clients have always read, often a shared constant of common/ that the web app also shows.
import { defineMessages } from '@formatjs/intl';

export const SERVER_MODERATION = defineMessages({
  reportSent: { id: 'server.moderation.reportSent', defaultMessage: 'Thank you. The moderators will review your report.', description: 'Confirmation.' },
  reportDuplicate: { id: 'server.moderation.reportDuplicate', defaultMessage: 'You have already reported this. The moderators will review it.', description: 'Refusal.' },
  reportDetailsRequired: { id: 'server.moderation.reportDetailsRequired', defaultMessage: 'Please describe the problem when the reason is "Other".', description: 'Refusal; "Other" is a reason of the report form.' },
  reportOwnContent: { id: 'server.moderation.reportOwnContent', defaultMessage: 'You cannot report your own content.', description: 'Refusal.' },
  reportTargetNotFound: { id: 'server.moderation.reportTargetNotFound', defaultMessage: 'That content could not be found.', description: 'Refusal.' },
  reportNotFound: { id: 'server.moderation.reportNotFound', defaultMessage: 'Report not found.', description: 'Refusal.' },
  reportNoAuthor: { id: 'server.moderation.reportNoAuthor', defaultMessage: 'This content has no author to warn or suspend.', description: 'Refusal.' },
  reportCannotSuspendAdmin: { id: 'server.moderation.reportCannotSuspendAdmin', defaultMessage: 'An administrator account cannot be suspended here.', description: 'Refusal.' },
  reportsReviewed: { id: 'server.moderation.reportsReviewed', defaultMessage: 'These reports have already been reviewed.', description: 'Refusal.' },
  notAMessage: { id: 'server.moderation.notAMessage', defaultMessage: 'This report is not about a chat message.', description: 'Refusal.' },
  messageGone: { id: 'server.moderation.messageGone', defaultMessage: 'The reported message is no longer there.', description: 'Refusal.' },
  dismissed: { id: 'server.moderation.dismissed', defaultMessage: 'Reports dismissed.', description: 'Confirmation of a review.' },
  contentRemoved: { id: 'server.moderation.contentRemoved', defaultMessage: 'Content removed.', description: 'Confirmation of a review.' },
  authorWarned: { id: 'server.moderation.authorWarned', defaultMessage: 'The author was warned.', description: 'Confirmation of a review.' },
  accountSuspended: { id: 'server.moderation.accountSuspended', defaultMessage: 'The account was suspended.', description: 'Confirmation of a review.' },
  resourceNotFound: { id: 'server.moderation.resourceNotFound', defaultMessage: 'Resource not found.', description: 'Refusal.' },
  alreadyApproved: { id: 'server.moderation.alreadyApproved', defaultMessage: 'This resource is already approved.', description: 'Refusal.' },
  onlyOwnPending: { id: 'server.moderation.onlyOwnPending', defaultMessage: 'Only administrators can delete resources; you may withdraw your own pending submission.', description: 'Refusal.' },
  resourceLoginRequired: { id: 'server.moderation.resourceLoginRequired', defaultMessage: 'You must be logged in to submit a resource.', description: 'Refusal to a signed-out visitor.' },
  resourceSubmitted: { id: 'server.moderation.resourceSubmitted', defaultMessage: 'Resource submitted for approval successfully!', description: 'Confirmation.' },
  resourceApproved: { id: 'server.moderation.resourceApproved', defaultMessage: 'Resource approved.', description: 'Confirmation.' },
  resourceDeclined: { id: 'server.moderation.resourceDeclined', defaultMessage: 'Resource declined.', description: 'Confirmation.' },
  resourceDeleted: { id: 'server.moderation.resourceDeleted', defaultMessage: 'Resource deleted.', description: 'Confirmation.' },
  resourceWithdrawn: { id: 'server.moderation.resourceWithdrawn', defaultMessage: 'Resource withdrawn.', description: 'Confirmation.' },
});
