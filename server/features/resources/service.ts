import { and, eq, sql } from 'drizzle-orm';
import type { Resource, ResourceInput, ResourceListParams, ResourcePage } from '../../../common/resources.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { resources } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import { coalesce } from '../../lib/coalesce.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { createPublishedCounter, findResource, listForModeration, listPublished, searchPublished } from './queries.ts';

export const RESOURCE_NOT_FOUND = 'Resource not found.';
export const ALREADY_APPROVED = 'This resource is already approved.';
export const ONLY_OWN_PENDING = 'Only administrators can delete resources; you may withdraw your own pending submission.';

type Paging = { page: number; limit: number };

// Per database, that is per app: the published counts, and the public pages asked for at the same moment, read once
// (see coalesce). Approving and removing forget the counts.
const publishedReads = new WeakMap<Db, ReturnType<typeof createPublishedReads>>();
function createPublishedReads(db: Db) {
  const counter = createPublishedCounter(db);
  const page = coalesce((q: ResourceListParams) => listPublished(db, counter, q), (q) => `${q.page}:${q.limit}:${q.category ?? ''}`);
  return { counter, page };
}
function publishedOf(db: Db) {
  let reads = publishedReads.get(db);
  if (!reads) publishedReads.set(db, (reads = createPublishedReads(db)));
  return reads;
}

/** Public: approved resources, most recently published first. */
export async function listResources(ctx: AppContext, _visitor: CurrentUser | null, query: ResourceListParams): Promise<ResourcePage> {
  return publishedOf(ctx.db).page(query);
}

export async function searchResources(
  ctx: AppContext, _visitor: CurrentUser | null, query: ResourceListParams & { query: string },
): Promise<ResourcePage> {
  return searchPublished(ctx.db, query);
}

/** Administrators: the approval queue and everything published. */
export async function listAllResources(ctx: AppContext, _admin: CurrentUser, query: Paging): Promise<ResourcePage> {
  return listForModeration(ctx.db, query);
}

/** A submission waits for an administrator: it is stored pending and is not public until approved. */
export async function submitResource(ctx: AppContext, user: CurrentUser, input: ResourceInput): Promise<Resource> {
  const [row] = await ctx.db.insert(resources).values({ ...input, isApproved: false, createdBy: user.id }).returning({ id: resources.id });
  return (await findResource(ctx.db, row.id))!;
}

/** Approves a pending resource; approving twice is refused so the audit log holds one entry per decision. */
export async function approveResource(ctx: AppContext, admin: CurrentUser, { id }: { id: string }): Promise<Resource> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(resources).set({ isApproved: true, approvedAt: sql`now()` })
      .where(and(eq(resources.id, id), eq(resources.isApproved, false)))
      .returning({ title: resources.title });
    if (!row) {
      const [exists] = await tx.select({ id: resources.id }).from(resources).where(eq(resources.id, id));
      throw exists ? conflict(ALREADY_APPROVED) : notFound(RESOURCE_NOT_FOUND);
    }
    await recordAudit(tx as unknown as Db, {
      actorId: admin.id, action: 'resource.approve', targetType: 'resource', targetId: id, detail: { title: row.title },
    });
  });
  publishedOf(ctx.db).counter.forget();
  return (await findResource(ctx.db, id))!;
}

export type RemovalKind = 'declined' | 'deleted' | 'withdrawn';

/**
 * An administrator may remove any resource: a pending one is declined, an approved one deleted, both audited.
 * A submitter may withdraw their own resource while it is still pending. The row is locked first, so an approval
 * racing with the removal cannot change which of the two it is.
 */
export async function removeResource(ctx: AppContext, user: CurrentUser, { id }: { id: string }): Promise<RemovalKind> {
  const kind = await ctx.db.transaction(async (tx): Promise<RemovalKind> => {
    const [row] = await tx.select({ title: resources.title, isApproved: resources.isApproved, createdBy: resources.createdBy })
      .from(resources).where(eq(resources.id, id)).for('update');
    if (!row) throw notFound(RESOURCE_NOT_FOUND);
    const admin = isAdmin(user);
    if (!admin && (row.createdBy !== user.id || row.isApproved)) throw forbidden(ONLY_OWN_PENDING);
    await tx.delete(resources).where(eq(resources.id, id));
    if (!admin) return 'withdrawn';
    await recordAudit(tx as unknown as Db, {
      actorId: user.id, action: row.isApproved ? 'resource.delete' : 'resource.decline',
      targetType: 'resource', targetId: id, detail: { title: row.title },
    });
    return row.isApproved ? 'deleted' : 'declined';
  });
  publishedOf(ctx.db).counter.forget();
  return kind;
}
