import type { App, AppContext } from '../../context.ts';
import { blocksRoutes } from './blocks-routes.ts';
import { reportsRoutes } from './reports-routes.ts';

/** Moderation: members report content to administrators, who review it; members block one another. */
export function moderationRoutes(app: App, ctx: AppContext): void {
  reportsRoutes(app, ctx);
  blocksRoutes(app, ctx);
}
