// What a forum post or comment that looks identifying meets (server/lib/forum-privacy.ts): a question the writer can
// confirm, or a refusal. Administrators choose; each change is audited with the value before and after.
import type { ForumPrivacySetting } from '../../../common/privacy-check.ts';
import type { AppContext } from '../../context.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { recordAudit } from '../../lib/audit.ts';
import { readSetting, saveSetting } from '../../lib/platform-settings.ts';

type Ctx = Pick<AppContext, 'db' | 'cache' | 'caches' | 'config'>;

export async function readForumPrivacy(ctx: Ctx): Promise<ForumPrivacySetting> {
  return { mode: await readSetting(ctx, 'forumIdentifyingDetails') };
}

export async function saveForumPrivacy(ctx: Ctx, admin: CurrentUser, { mode }: ForumPrivacySetting): Promise<ForumPrivacySetting> {
  const before = await readSetting(ctx, 'forumIdentifyingDetails');
  const saved = await saveSetting(ctx, 'forumIdentifyingDetails', mode, admin.id, (tx) => recordAudit(tx, {
    actorId: admin.id, action: 'forum_privacy.update', targetType: 'setting', targetId: 'forumIdentifyingDetails', detail: { before, after: mode },
  }));
  return { mode: saved };
}
