// Resources as the API shows them (common/resources.ts).
import type { Resource } from '../../../common/resources.ts';
import type { ResourceRow } from './queries.ts';

export function toResource(row: ResourceRow): Resource {
  return {
    _id: row.id,
    title: row.title,
    link: row.link,
    description: row.description,
    category: row.category,
    isApproved: row.isApproved,
    createdBy: row.creatorName === null ? null : { name: row.creatorName },
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt ? row.approvedAt.toISOString() : null,
  };
}
