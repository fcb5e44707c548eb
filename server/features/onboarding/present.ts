import { ONBOARDING_COMMUNITIES, PROFILE_PARTS, type Onboarding, type OnboardingStep } from '../../../common/onboarding.ts';
import type { OnboardingRow } from './queries.ts';

// The labels stay English here, for clients that read them: the web app says steps and parts by their key, in the
// member's language.
const PART_LABELS: Record<(typeof PROFILE_PARTS)[number], string> = {
  photo: 'A profile photo', bio: 'A bio', profession: 'Your profession', location: 'Your location', specialties: 'Specialties',
  modalities: 'Modalities', demographics: 'Age groups you work with', sessionFormat: 'Session formats',
  availability: 'Whether you are accepting new clients', languages: 'Languages',
};

const partDone = (row: OnboardingRow): Record<(typeof PROFILE_PARTS)[number], boolean> => ({
  photo: row.photo, bio: row.bio, profession: row.profession, location: row.location, specialties: row.specialties,
  modalities: row.modalities, demographics: row.demographics, sessionFormat: row.session_format,
  availability: row.availability, languages: row.languages,
});

function steps(row: OnboardingRow): OnboardingStep[] {
  const joined = Math.min(row.communities, ONBOARDING_COMMUNITIES);
  return [
    { key: 'photo', label: 'Add a photo', done: row.photo, href: '/edit-profile' },
    { key: 'profile', label: 'Complete your specialties and availability', done: row.specialties && row.availability, href: '/edit-profile' },
    {
      key: 'communities', label: `Join ${ONBOARDING_COMMUNITIES} recommended communities`, done: joined >= ONBOARDING_COMMUNITIES,
      href: '/forums', progress: { have: joined, need: ONBOARDING_COMMUNITIES },
    },
    { key: 'network', label: 'Add colleagues to your network', done: row.network, href: '/therapists' },
  ];
}

export function toOnboarding(row: OnboardingRow): Onboarding {
  const list = steps(row);
  const parts = partDone(row);
  const missing = PROFILE_PARTS.filter((p) => !parts[p]);
  const allDone = list.every((s) => s.done);
  return {
    show: row.verified && !row.dismissed && !allDone,
    dismissed: row.dismissed,
    welcomed: row.welcomed,
    steps: list,
    profile: {
      percent: Math.round((100 * (PROFILE_PARTS.length - missing.length)) / PROFILE_PARTS.length),
      missing: missing.map((key) => ({ key, label: PART_LABELS[key] })),
    },
  };
}
