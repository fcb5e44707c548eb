import type { App, AppContext } from '../../context.ts';

/** Reporting content (POST /api/reports) and reviewing reports (/api/admin/reports). */
export function reportsRoutes(_app: App, _ctx: AppContext): void {}
