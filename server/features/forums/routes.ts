import type { App, AppContext } from '../../context.ts';
import { communitiesRoutes } from './communities-routes.ts';
import { postsRoutes } from './posts-routes.ts';

/** The forums: communities, their posts and the posts' comments (spec section 7). */
export async function forumsRoutes(app: App, ctx: AppContext): Promise<void> {
  communitiesRoutes(app, ctx);
  postsRoutes(app, ctx);
}
