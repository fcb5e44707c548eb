import type { App, AppContext } from '../context.ts';
import { accountsRoutes } from './accounts/routes.ts';
import { therapistsRoutes } from './therapists/routes.ts';
import { forumsRoutes } from './forums/routes.ts';
import { resourcesRoutes } from './resources/routes.ts';
import { activityRoutes } from './activity/routes.ts';
import { chatRoutes } from './chat/routes.ts';
import { chatRealtime } from './chat/realtime.ts';
import { adminRoutes } from './admin/routes.ts';

export type FeatureRoutes = (app: App, ctx: AppContext) => void | Promise<void>;
export type FeatureRealtime = (ctx: AppContext) => void;

export const featureRoutes: FeatureRoutes[] = [
  accountsRoutes, therapistsRoutes, forumsRoutes, resourcesRoutes, activityRoutes, chatRoutes, adminRoutes,
];
export const featureRealtime: FeatureRealtime[] = [chatRealtime];
