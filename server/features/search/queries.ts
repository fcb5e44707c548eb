import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { runAlone, type RunShaped } from '../../db/batch.ts';
import { createMemberReadsCache, type MemberCache } from '../../lib/member-cache.ts';

/** Everyone the viewer blocked (the blocks primary key's range of one blocker: a few rows, usually none). */
async function blockedBy(run: RunShaped, viewerId: string): Promise<Set<string>> {
  const rows = await run<{ id: string }>({
    key: 'search-blocked', build: (p) => sql`SELECT blocked_id::text AS id FROM blocks WHERE blocker_id = ${p('viewer')}`, values: { viewer: viewerId },
  });
  return new Set(rows.map((r) => r.id));
}

// A member's searches come in runs (the top bar asks as they type), each needing whom they blocked: this node keeps the
// list for config.firstPageCacheMs (docs/decisions/0100). A block or unblock forgets it at once, here and on every node
// (blocks.ts calls memberReadsChanged, as for the referral suggestions), so a block still holds from the next search.
const MAX_MEMBERS = 20_000;
const byApp = new WeakMap<object, MemberCache<Set<string>>>();

function cacheOf(ctx: Pick<AppContext, 'realtime' | 'config'>): MemberCache<Set<string>> {
  let cache = byApp.get(ctx.realtime);
  if (!cache) {
    cache = createMemberReadsCache<Set<string>>(ctx.realtime, ctx.config.firstPageCacheMs, { maxMembers: MAX_MEMBERS });
    byApp.set(ctx.realtime, cache);
  }
  return cache;
}

/** Whom the viewer blocked, from this node's memory when it has it. */
export const blockedByViewer = (
  ctx: Pick<AppContext, 'db' | 'realtime' | 'config'>, viewerId: string, run = runAlone(ctx.db),
): Promise<Set<string>> => cacheOf(ctx).read(viewerId, async () => ({ value: await blockedBy(run, viewerId) }));
