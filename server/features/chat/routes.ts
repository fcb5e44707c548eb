import type { App, AppContext } from '../../context.ts';

export function chatRoutes(_app: App, _ctx: AppContext): void {
  // Routes of this feature are added by its issue.
}
