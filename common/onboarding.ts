// After approval: the dashboard's onboarding checklist and the profile's completeness meter, both computed
// on the server from the member's own data by GET /api/users/me/onboarding.
import { z } from 'zod';

/** Communities a new member is asked to join (from the recommendations) before the step ticks itself. */
export const ONBOARDING_COMMUNITIES = 3;

const ONBOARDING_STEPS = ['photo', 'profile', 'communities', 'network'] as const;
export const PROFILE_PARTS = [
  'photo', 'bio', 'profession', 'location', 'specialties', 'modalities', 'demographics', 'sessionFormat', 'availability', 'languages',
] as const;

export const OnboardingStep = z.object({
  key: z.enum(ONBOARDING_STEPS),
  /** The step in English, for clients that read it; the web app says it from its catalogue by `key`. */
  label: z.string(),
  done: z.boolean(),
  /** Where the step is done in the web app. */
  href: z.string(),
  /** Steps that need several of something ("2 of 3 communities"). */
  progress: z.object({ have: z.number(), need: z.number() }).optional(),
});
export type OnboardingStep = z.infer<typeof OnboardingStep>;

export const Onboarding = z.object({
  /** Whether the dashboard shows the checklist: a verified member who has not dismissed it nor done every step. */
  show: z.boolean(),
  dismissed: z.boolean(),
  /** Whether the dashboard has greeted the member before: "Welcome back" then, "Welcome" the first time. */
  welcomed: z.boolean(),
  steps: z.array(OnboardingStep),
  /** The profile's completeness: the share of PROFILE_PARTS filled in, and the labels of those still missing. */
  profile: z.object({
    percent: z.number().int().min(0).max(100),
    /** `label` in English, for clients that read it; the web app says each part from its catalogue by `key`. */
    missing: z.array(z.object({ key: z.enum(PROFILE_PARTS), label: z.string() })),
  }),
});
export type Onboarding = z.infer<typeof Onboarding>;
