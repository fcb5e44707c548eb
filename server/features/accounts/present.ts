// Accounts as the API shows them (common/accounts.ts).
import { isLocale } from '../../../common/i18n/locales.ts';
import type { LicenceUpdateResult, Me, VerificationStatus } from '../../../common/accounts.ts';
import type { SessionInfo } from '../../../common/security.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { sessions } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { describeDevice } from '../../lib/device.ts';

/** The signed-in user; the rejection reason only while the licence stands rejected. */
export function toMe(user: CurrentUser, rejectionReason: string | null, twoFactorEnabled: boolean, locale: string | null): Me {
  return {
    locale: isLocale(locale) ? locale : null,
    _id: user.id, name: user.name, role: user.role, verificationStatus: user.verificationStatus,
    rejectionReason: user.verificationStatus === 'rejected' ? rejectionReason : null,
    twoFactorEnabled, mustEnrolTwoFactor: Boolean(user.mustEnrolTwoFactor),
  };
}

export const toLicenceUpdate = (row: { id: string; verificationStatus: string }): LicenceUpdateResult =>
  ({ _id: row.id, verificationStatus: row.verificationStatus as VerificationStatus });

/** A session as sessions.ts lists it, with its cursor's time (computed). */
export type SessionRow = SqlRow<typeof sessions, 'id' | 'user_agent' | 'ip' | 'created_at' | 'last_used_at'> & { cursor_at: string };

/** One of the member's sessions: what the User-Agent says of the device and browser, the masked address. */
export function toSession(row: SessionRow, currentSessionId: string): SessionInfo {
  return {
    _id: row.id, device: describeDevice(row.user_agent), address: row.ip,
    createdAt: new Date(row.created_at).toISOString(), lastSeenAt: new Date(row.last_used_at).toISOString(),
    current: row.id === currentSessionId,
  };
}
