import type { DataExport } from '../../../common/privacy.ts';
import type { dataExports } from '../../db/schema.ts';

export const toDataExport = (row: typeof dataExports.$inferSelect): DataExport => ({
  _id: row.id,
  status: row.status as DataExport['status'],
  createdAt: row.createdAt.toISOString(),
  readyAt: row.readyAt?.toISOString() ?? null,
  expiresAt: row.expiresAt.toISOString(),
  sizeBytes: row.sizeBytes,
});
