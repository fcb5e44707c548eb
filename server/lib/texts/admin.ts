// Administrators' work on members: the server's answers as catalogue messages (docs/decisions/0275). Their English is exactly the
// text clients have always read, often a shared constant of common/ that the web app also shows.
import { defineMessages } from '@formatjs/intl';

export const SERVER_ADMIN = defineMessages({
  userNotFound: { id: 'server.admin.userNotFound', defaultMessage: 'User not found.', description: 'Refusal.' },
  disableSelf: { id: 'server.admin.disableSelf', defaultMessage: 'You cannot disable your own account.', description: 'Refusal.' },
  noNameChange: { id: 'server.admin.noNameChange', defaultMessage: 'No name change is waiting for this member.', description: 'Refusal.' },
  rejectionReasonRequired: { id: 'server.admin.rejectionReasonRequired', defaultMessage: 'A reason is required to reject a licence.', description: 'Refusal.' },
  twoFactorResetDone: { id: 'server.admin.twoFactorResetDone', defaultMessage: 'Two-factor sign-in was turned off for this member, who has been told by email.', description: 'Confirmation.' },
  twoFactorResetNotOn: { id: 'server.admin.twoFactorResetNotOn', defaultMessage: 'This member has not turned on two-factor sign-in.', description: 'Refusal.' },
  twoFactorResetNotOwn: { id: 'server.admin.twoFactorResetNotOwn', defaultMessage: 'You cannot reset your own two-factor sign-in. Turn it off in Settings, Security.', description: 'Refusal.' },
});
