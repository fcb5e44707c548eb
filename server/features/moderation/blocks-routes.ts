import type { App, AppContext } from '../../context.ts';

/** Blocking members (/api/users/{id}/block, /api/users/me/blocked). */
export function blocksRoutes(_app: App, _ctx: AppContext): void {}
