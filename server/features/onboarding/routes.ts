import { Onboarding } from '../../../common/onboarding.ts';
import type { App, AppContext } from '../../context.ts';
import { authenticated, currentUser, verified } from '../../lib/auth.ts';
import * as onboarding from './service.ts';

/**
 * The checklist is for verified members; the completeness meter is on every member's own profile, pending ones
 * included (they complete it while they wait), so the read needs a session only. Dismissing counts as a write
 * ('other' bucket, server/lib/write-limits.ts).
 */
export function onboardingRoutes(app: App, ctx: AppContext): void {
  app.get('/api/users/me/onboarding', { onRequest: authenticated, schema: { response: { 200: Onboarding } } },
    async (request) => onboarding.getOnboarding(ctx, currentUser(request)));

  app.post('/api/users/me/onboarding/dismiss', { onRequest: verified, schema: { response: { 200: Onboarding } } },
    async (request) => onboarding.dismiss(ctx, currentUser(request)));

  app.post('/api/users/me/onboarding/welcomed', { onRequest: verified, schema: { response: { 200: Onboarding } } },
    async (request) => onboarding.welcomed(ctx, currentUser(request)));
}
