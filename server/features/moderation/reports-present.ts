import type { ReportAction, ReportItem, ReportReason, ReportTargetType } from '../../../common/moderation.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { reports, users } from '../../db/schema.ts';
import type { TargetView } from './reports-targets.ts';

/**
 * groupsQuery's row: the reports of one item. Computed: the count, the newest report, the reasons and details
 * gathered, the latest time; the text columns narrowed to their known values; the author through a LEFT JOIN.
 */
export type ReportGroupRow = SqlRow<typeof reports, 'target_id' | 'note'> & {
  target_type: ReportTargetType; n: number; newest_id: SqlValue<typeof reports, 'id'>; reasons: ReportReason[]; details: string[];
  resolution: ReportAction | null; status: 'open' | 'resolved'; latest_at: string;
  author_id: SqlValue<typeof users, 'id'> | null; author_name: SqlValue<typeof users, 'name'> | null;
  author_disabled: SqlValue<typeof users, 'disabled'> | null;
};

/** One reported item: its reasons counted (most frequent first), what reporters wrote (not who they are). */
export function toReportItem(row: ReportGroupRow, view: TargetView): ReportItem {
  const counts = new Map<ReportReason, number>();
  for (const reason of row.reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return {
    _id: row.newest_id,
    targetType: row.target_type,
    targetId: row.target_id,
    count: row.n,
    reasons: [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    details: row.details,
    latestAt: row.latest_at,
    author: row.author_id ? { _id: row.author_id, name: row.author_name ?? '', disabled: Boolean(row.author_disabled) } : null,
    // Opened only with a reason (reported-conversation.ts), so each reading of a private message is in the trail.
    content: row.target_type === 'message' ? { ...view, text: '', sealed: true } : { ...view, sealed: false },
    status: row.status,
    resolution: row.resolution,
    note: row.note,
  };
}
