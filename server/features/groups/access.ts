// Who may see or run a consultation group: the checks every part of the feature starts from.
import { GROUP_TEXTS } from '../../../common/groups.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import * as q from './queries.ts';

export const nowOf = (ctx: Pick<AppContext, 'now'>): Date => ctx.now?.() ?? new Date();

/** Administrators run the platform; they do not join or run consultation groups. */
export function refuseAdmin(user: CurrentUser): void {
  if (isAdmin(user)) throw forbidden(GROUP_TEXTS.adminText);
}

/** The group as the caller may know it: 404 for a private group they neither belong to nor were invited to. */
export async function visibleGroup(db: Db, id: string, user: CurrentUser): Promise<q.GroupRow> {
  const row = await q.findGroup(db, id, user.id);
  if (!row || (row.visibility === 'private' && !row.is_member && row.pending_kind !== 'invitation')) throw notFound(GROUP_TEXTS.notFound);
  return row;
}

export async function memberGroup(db: Db, id: string, user: CurrentUser): Promise<q.GroupRow> {
  const row = await visibleGroup(db, id, user);
  if (!row.is_member) throw forbidden(GROUP_TEXTS.notMember);
  return row;
}

export async function facilitatedGroup(db: Db, id: string, user: CurrentUser): Promise<q.GroupRow> {
  const row = await memberGroup(db, id, user);
  if (!row.is_facilitator) throw forbidden(GROUP_TEXTS.onlyFacilitator);
  return row;
}
