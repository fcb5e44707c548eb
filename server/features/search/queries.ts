import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { runAlone, type RunShaped } from '../../db/batch.ts';
import type { MemberCache } from '../../lib/member-cache.ts';

/** Everyone the viewer blocked (the blocks primary key's range of one blocker: a few rows, usually none). */
async function blockedBy(run: RunShaped, viewerId: string): Promise<Set<string>> {
  const rows = await run<{ id: string }>({
    key: 'search-blocked', build: (p) => sql`SELECT blocked_id::text AS id FROM blocks WHERE blocker_id = ${p('viewer')}`, values: { viewer: viewerId },
  });
  return new Set(rows.map((r) => r.id));
}

// A member's searches come in runs (the top bar asks as they type), each needing whom they blocked: this node keeps the
// list for config.firstPageCacheMs (docs/decisions/0100). A block or unblock forgets it at once, here and on every node
// (`block.changed`, server/lib/caches.ts), so a block still holds from the next search.
const cacheOf = (ctx: Pick<AppContext, 'caches'>): MemberCache<Set<string>> => ctx.caches.member('searchBlocked');

/** Whom the viewer blocked, from this node's memory when it has it. */
export const blockedByViewer = (
  ctx: Pick<AppContext, 'db' | 'caches'>, viewerId: string, run = runAlone(ctx.db),
): Promise<Set<string>> => cacheOf(ctx).read(viewerId, async () => ({ value: await blockedBy(run, viewerId) }));
