import type { ReportAction, ReportItem, ReportReason, ReportTargetType } from '../../../common/moderation.ts';
import type { TargetView } from './reports-targets.ts';

export type ReportGroupRow = {
  target_type: ReportTargetType; target_id: string; n: number; newest_id: string; reasons: ReportReason[]; details: string[];
  resolution: ReportAction | null; note: string | null; status: 'open' | 'resolved'; latest_at: string;
  author_id: string | null; author_name: string | null; author_disabled: boolean | null;
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
