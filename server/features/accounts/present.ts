// Accounts as the API shows them (common/accounts.ts).
import type { LicenceUpdateResult, Me, VerificationStatus } from '../../../common/accounts.ts';
import type { CurrentUser } from '../../lib/auth.ts';

/** The signed-in user; the rejection reason only while the licence stands rejected. */
export function toMe(user: CurrentUser, rejectionReason: string | null): Me {
  return {
    _id: user.id, name: user.name, role: user.role, verificationStatus: user.verificationStatus,
    rejectionReason: user.verificationStatus === 'rejected' ? rejectionReason : null,
  };
}

export const toLicenceUpdate = (row: { id: string; verificationStatus: string }): LicenceUpdateResult =>
  ({ _id: row.id, verificationStatus: row.verificationStatus as VerificationStatus });
