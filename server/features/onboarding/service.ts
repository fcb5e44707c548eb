// After approval: the onboarding checklist and the profile's completeness, from the member's own data.
import type { Onboarding } from '../../../common/onboarding.ts';
import type { ServiceContext } from '../../context.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { toOnboarding } from './present.ts';
import { dismissOnboarding, markWelcomed, onboardingRow } from './queries.ts';

/** Read fresh on each call (no cache): each step ticks itself as soon as the member has done it. */
export async function getOnboarding(ctx: ServiceContext, user: CurrentUser): Promise<Onboarding> {
  const row = await onboardingRow(ctx.db, user.id);
  // The session's user has a row (a deleted account's sessions are gone), so this is a server error, never bad input.
  if (!row) throw new Error('A signed-in member without a user row');
  return toOnboarding(row);
}

/** "Dismiss": hidden for good; dismissing again keeps the first time. */
export async function dismiss(ctx: ServiceContext, user: CurrentUser): Promise<Onboarding> {
  await dismissOnboarding(ctx.db, user.id);
  return getOnboarding(ctx, user);
}

/** The dashboard said "Welcome" once: from now on it says "Welcome back". */
export async function welcomed(ctx: ServiceContext, user: CurrentUser): Promise<Onboarding> {
  await markWelcomed(ctx.db, user.id);
  return getOnboarding(ctx, user);
}
