// The privacy feature's daily work on the job queue (server/lib/jobs.ts): licence expiry, and expired data exports removed.
import type { AppContext } from '../../context.ts';
import { dailyAtUtc } from '../../lib/jobs.ts';
import { purgeExpiredExports } from './export.ts';
import { runLicenceExpiry } from './licence-expiry.ts';

export const DAILY_PRIVACY_JOB = 'privacy.daily';

/** Every day at 06:00 UTC, once across the nodes (the queue's recurring row). */
export function privacyBackground(ctx: AppContext): void {
  ctx.jobs.recurring(DAILY_PRIVACY_JOB, dailyAtUtc(6), async (_payload, { now }) => {
    await runLicenceExpiry(ctx, now);
    await purgeExpiredExports(ctx, now);
  });
}
