import { and, eq, sql } from 'drizzle-orm';
import type { Resource, ResourceInput, ResourceListParams, ResourcePage } from '../../../common/resources.ts';
import type { NotifyContext } from '../../lib/notify.ts';
import { recordEvents, type OutboxEvent, type Recorded } from '../../lib/outbox.ts';
import { noticeOf } from '../../lib/outbox-notices.ts';
import type { ServiceContext } from '../../context.ts';
import { resources } from '../../db/schema.ts';
import type { RunShaped } from '../../db/batch.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { countPublished, findResource, listForModeration, pageOf, publishedPage, searchPublished, searchPublishedTop } from './queries.ts';
import { lifetimeOf } from '../../lib/caches.ts';

export const RESOURCE_NOT_FOUND = 'Resource not found.';
export const ALREADY_APPROVED = 'This resource is already approved.';
export const ONLY_OWN_PENDING = 'Only administrators can delete resources; you may withdraw your own pending submission.';

type Paging = { page: number; limit: number };

// What the public list reads through the read cache; the writes below that change it publish `resource.changed`.
const PUBLISHED = 'resources:';

/**
 * Public: approved resources, most recently published first. The same page asked for at the same moment is read once
 * (kept only while it runs); the totals behind `totalPages` are kept 30 s per category, until this node approves or
 * removes a resource.
 */
export async function listResources(ctx: ServiceContext, _visitor: CurrentUser | null, q: ResourceListParams): Promise<ResourcePage> {
  return ctx.cache.read(`${PUBLISHED}page|${q.page}|${q.limit}|${q.category ?? ''}`, async () => {
    const [list, total] = await Promise.all([publishedPage(ctx.db, q), publishedTotal(ctx, q.category)]);
    return pageOf(list, total, q);
  }, { ttlMs: 0 });
}

const publishedTotal = (ctx: ServiceContext, category?: string) =>
  ctx.cache.read(`${PUBLISHED}total|${category ?? ''}`, () => countPublished(ctx.db, category), { ttlMs: lifetimeOf(ctx.config, 'resources') });

export async function searchResources(
  ctx: ServiceContext, _visitor: CurrentUser | null, query: ResourceListParams & { query: string },
): Promise<ResourcePage> {
  return searchPublished(ctx.db, query);
}

// The top bar's resources for the same words are the same for everyone: kept as briefly as the other features' searches,
// and forgotten with the public list when a resource is approved or removed.

/** The first `limit` resources of the search's first page, without its total (the top bar, features/search). */
export function topResources(ctx: ServiceContext, query: string, limit: number, run?: RunShaped): Promise<Resource[]> {
  return ctx.cache.read(`${PUBLISHED}top|${limit}|${query}`, () => searchPublishedTop(ctx.db, query, limit, run), { ttlMs: lifetimeOf(ctx.config, 'resourceSearches') });
}

/** Administrators: the approval queue and everything published. */
export async function listAllResources(ctx: ServiceContext, _admin: CurrentUser, query: Paging): Promise<ResourcePage> {
  return listForModeration(ctx.db, query);
}

/** A submission waits for an administrator: it is stored pending and is not public until approved. */
export async function submitResource(ctx: ServiceContext, user: CurrentUser, input: ResourceInput): Promise<Resource> {
  const [row] = await ctx.db.insert(resources).values({ ...input, isApproved: false, createdBy: user.id }).returning({ id: resources.id });
  return (await findResource(ctx.db, row.id))!;
}

/** Approves a pending resource; approving twice is refused so the audit log holds one entry per decision. */
export async function approveResource(ctx: ServiceContext & NotifyContext, admin: CurrentUser, { id }: { id: string }): Promise<Resource> {
  const events = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(resources).set({ isApproved: true, approvedAt: sql`now()` })
      .where(and(eq(resources.id, id), eq(resources.isApproved, false)))
      .returning({ title: resources.title, createdBy: resources.createdBy });
    if (!row) {
      const [exists] = await tx.select({ id: resources.id }).from(resources).where(eq(resources.id, id));
      throw exists ? conflict(ALREADY_APPROVED) : notFound(RESOURCE_NOT_FOUND);
    }
    await recordAudit(tx, {
      actorId: admin.id, action: 'resource.approve', targetType: 'resource', targetId: id, detail: { title: row.title },
    });
    return recordEvents(ctx, tx, tellSubmitter(admin, 'resourceApproved', id, row));
  });
  ctx.caches.publish({ type: 'resource.changed' });
  await events.deliver();
  return (await findResource(ctx.db, id))!;
}

export type RemovalKind = 'declined' | 'deleted' | 'withdrawn';

/**
 * An administrator may remove any resource: a pending one is declined, an approved one deleted, both audited.
 * A submitter may withdraw their own resource while it is still pending. The row is locked first, so an approval
 * racing with the removal cannot change which of the two it is.
 */
export async function removeResource(ctx: ServiceContext & NotifyContext, user: CurrentUser, { id }: { id: string }): Promise<RemovalKind> {
  const { kind, events } = await ctx.db.transaction(async (tx): Promise<{ kind: RemovalKind; events?: Recorded }> => {
    const [row] = await tx.select({ title: resources.title, isApproved: resources.isApproved, createdBy: resources.createdBy })
      .from(resources).where(eq(resources.id, id)).for('update');
    if (!row) throw notFound(RESOURCE_NOT_FOUND);
    const admin = isAdmin(user);
    if (!admin && (row.createdBy !== user.id || row.isApproved)) throw forbidden(ONLY_OWN_PENDING);
    await tx.delete(resources).where(eq(resources.id, id));
    if (!admin) return { kind: 'withdrawn' };
    await recordAudit(tx, {
      actorId: user.id, action: row.isApproved ? 'resource.delete' : 'resource.decline',
      targetType: 'resource', targetId: id, detail: { title: row.title },
    });
    if (row.isApproved) return { kind: 'deleted' };
    return { kind: 'declined', events: await recordEvents(ctx, tx, tellSubmitter(user, 'resourceDeclined', id, row)) };
  });
  ctx.caches.publish({ type: 'resource.changed' });
  await events?.deliver();
  return kind;
}

/**
 * The submitter hears of the decision (an administrator's own submission tells no one: never one's own actions). The
 * title goes with the notice: a declined resource is gone when it is delivered.
 */
function tellSubmitter(
  admin: CurrentUser, type: 'resourceApproved' | 'resourceDeclined', id: string, row: { title: string; createdBy: string | null },
): OutboxEvent[] {
  if (!row.createdBy || row.createdBy === admin.id) return [];
  return [noticeOf({
    type, recipientIds: [row.createdBy], actorId: null, membersOnly: false,
    target: { kind: 'resource', id, title: row.title, url: '/resources' },
  })];
}
