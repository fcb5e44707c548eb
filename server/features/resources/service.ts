import { and, eq, sql } from 'drizzle-orm';
import type { Resource, ResourceInput } from '../../../common/resources.ts';
import type { Db } from '../../db/client.ts';
import { resources } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { findResource } from './queries.ts';

export const RESOURCE_NOT_FOUND = 'Resource not found.';
export const ALREADY_APPROVED = 'This resource is already approved.';
export const ONLY_OWN_PENDING = 'Only administrators can delete resources; you may withdraw your own pending submission.';

/** A submission waits for an administrator: it is stored pending and is not public until approved. */
export async function submitResource(db: Db, user: CurrentUser, input: ResourceInput): Promise<Resource> {
  const [row] = await db.insert(resources).values({ ...input, isApproved: false, createdBy: user.id }).returning({ id: resources.id });
  return (await findResource(db, row.id))!;
}

/** Approves a pending resource; approving twice is refused so the audit log holds one entry per decision. */
export async function approveResource(db: Db, admin: CurrentUser, id: string): Promise<Resource> {
  await db.transaction(async (tx) => {
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
  return (await findResource(db, id))!;
}

export type RemovalKind = 'declined' | 'deleted' | 'withdrawn';

/**
 * An administrator may remove any resource: a pending one is declined, an approved one deleted, both audited.
 * A submitter may withdraw their own resource while it is still pending. The row is locked first, so an approval
 * racing with the removal cannot change which of the two it is.
 */
export async function removeResource(db: Db, user: CurrentUser, id: string): Promise<RemovalKind> {
  return db.transaction(async (tx) => {
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
}
