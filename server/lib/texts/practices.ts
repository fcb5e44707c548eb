// Practices and their referral inbox: the server's answers as catalogue messages (docs/decisions/0275). Their English is exactly the
// text clients have always read, often a shared constant of common/ that the web app also shows.
import { defineMessages } from '@formatjs/intl';

export const SERVER_PRACTICES = defineMessages({
  practiceNotFound: { id: 'server.practices.practiceNotFound', defaultMessage: 'Practice not found.', description: 'Refusal.' },
  notMember: { id: 'server.practices.notMember', defaultMessage: 'Only members of this practice can do that.', description: 'Refusal.' },
  notManager: { id: 'server.practices.notManager', defaultMessage: 'Only the owner and admins of this practice can do that.', description: 'Refusal.' },
  notOwner: { id: 'server.practices.notOwner', defaultMessage: 'Only the owner of this practice can do that.', description: 'Refusal.' },
  notInbox: { id: 'server.practices.notInbox', defaultMessage: 'Only the practice\'s intake members, admins and owner see its referrals.', description: 'Refusal.' },
  invitationNotFound: { id: 'server.practices.invitationNotFound', defaultMessage: 'Invitation not found.', description: 'Refusal.' },
  inviteeMissing: { id: 'server.practices.inviteeMissing', defaultMessage: 'This therapist was not found or has not been verified.', description: 'Refusal.' },
  inviteeBlocked: { id: 'server.practices.inviteeBlocked', defaultMessage: 'This therapist cannot be invited by you.', description: 'Refusal.' },
  alreadyMember: { id: 'server.practices.alreadyMember', defaultMessage: 'This therapist is already a member of the practice.', description: 'Refusal.' },
  alreadyInvited: { id: 'server.practices.alreadyInvited', defaultMessage: 'This therapist already has an invitation waiting.', description: 'Refusal.' },
  ownerCannotLeave: { id: 'server.practices.ownerCannotLeave', defaultMessage: 'Hand over ownership before leaving the practice.', description: 'Refusal.' },
  ownerRole: { id: 'server.practices.ownerRole', defaultMessage: 'Hand over ownership to change the owner\'s role.', description: 'Refusal.' },
  notTreating: { id: 'server.practices.notTreating', defaultMessage: 'Referrals are assigned to the practice\'s clinicians, admins or owner.', description: 'Refusal.' },
  assigneeBlocked: { id: 'server.practices.assigneeBlocked', defaultMessage: 'This clinician cannot receive referrals from this sender.', description: 'Refusal.' },
  alreadyHandled: { id: 'server.practices.alreadyHandled', defaultMessage: 'This referral has already been assigned or answered for the practice.', description: 'Refusal.' },
  alreadyRecipientDirectly: { id: 'server.practices.alreadyRecipientDirectly', defaultMessage: 'This clinician already received this referral directly.', description: 'Refusal.' },
  practiceMissing: { id: 'server.practices.practiceMissing', defaultMessage: 'One of the chosen practices was not found.', description: 'Refusal.' },
  practiceBlocked: { id: 'server.practices.practiceBlocked', defaultMessage: 'One of the chosen practices cannot receive referrals from you.', description: 'Refusal.' },
  ownPractice: { id: 'server.practices.ownPractice', defaultMessage: 'You cannot refer a client to your own practice.', description: 'Refusal.' },
  adminText: { id: 'server.practices.adminText', defaultMessage: 'Administrators see practices, not their referrals.', description: 'Refusal to an administrator.' },
  invitationAnswered: { id: 'server.practices.invitationAnswered', defaultMessage: 'This invitation has already been answered.', description: 'Refusal.' },
  alreadyOwner: { id: 'server.practices.alreadyOwner', defaultMessage: 'You already own this practice.', description: 'Refusal.' },
  badCursor: { id: 'server.practices.badCursor', defaultMessage: 'cursor is not a valid cursor', description: 'Refusal of a malformed request (names the API field "cursor").' },
});
