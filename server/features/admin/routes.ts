import type { App, AppContext } from '../../context.ts';

export function adminRoutes(_app: App, _ctx: AppContext): void {
  // Routes of this feature are added by its issue.
}
