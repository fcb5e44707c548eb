// The privacy feature's daily work on the job queue (server/lib/jobs.ts): licence expiry, and expired data exports removed.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import { dailyAtUtc } from '../../lib/jobs.ts';
import { purgeExpiredExports } from './export.ts';
import { runLicenceExpiry } from './licence-expiry.ts';

const DAILY_PRIVACY_JOB = 'privacy.daily';

/** Every day at 06:00 UTC, once across the nodes (the queue's recurring row). */
export function privacyBackground(ctx: AppContext): void {
  // Each node kept its copies under its own DATA_DIR/exports before migration 0157 expired them.
  void fsp.rm(path.join(ctx.config.dataDir, 'exports'), { recursive: true, force: true }).catch(() => undefined);
  ctx.jobs.recurring(DAILY_PRIVACY_JOB, dailyAtUtc(6), async (_payload, { now }) => {
    await runLicenceExpiry(ctx, now);
    await purgeExpiredExports(ctx, now);
  });
}
