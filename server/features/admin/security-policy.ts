// The sign-in policy administrators set: how long a session may sit idle, and who must have a second factor. Kept as a
// platform setting, so every node applies a change at once (server/lib/auth.ts reads it with each session).
import type { SecurityPolicy } from '../../../common/security-policy.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { readSetting, saveSetting } from '../../lib/platform-settings.ts';

export const getSecurityPolicy = (ctx: AppContext): Promise<SecurityPolicy> => readSetting(ctx, 'securityPolicy');

export async function updateSecurityPolicy(ctx: AppContext, admin: CurrentUser, policy: SecurityPolicy): Promise<SecurityPolicy> {
  const before = await readSetting(ctx, 'securityPolicy');
  return saveSetting(ctx, 'securityPolicy', policy, admin.id, (tx) => recordAudit(tx, {
    actorId: admin.id, action: 'security_policy.update', targetType: 'platform_setting', targetId: 'securityPolicy',
    detail: { before, after: policy },
  }));
}
