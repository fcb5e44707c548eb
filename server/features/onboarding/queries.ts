import { sql } from 'drizzle-orm';
import { ONBOARDING_COMMUNITIES } from '../../../common/onboarding.ts';
import type { Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';

/** What the checklist and the meter read of a member: their row by primary key, and two bounded probes. */
export type OnboardingRow = {
  verified: boolean; dismissed: boolean;
  photo: boolean; bio: boolean; profession: boolean; location: boolean; specialties: boolean; modalities: boolean;
  demographics: boolean; session_format: boolean; availability: boolean; languages: boolean;
  communities: number; network: boolean;
};

/**
 * Availability counts as stated once the member set or reconfirmed it (its time is stamped), or chose anything beyond
 * the default status. Communities are counted only up to the step's goal (community_members_user_idx), the network
 * is one probe of the favourites primary key.
 */
export async function onboardingRow(db: Db, userId: string): Promise<OnboardingRow | undefined> {
  const [row] = await queryPrepared<OnboardingRow>(db, sql`
    SELECT u.verification_status = 'verified' AND u.role <> 'admin' AS verified,
      u.onboarding_dismissed_at IS NOT NULL AS dismissed,
      u.avatar IS NOT NULL AS photo, u.bio <> '' AS bio, u.profession <> '' AS profession, u.location <> '' AS location,
      cardinality(u.specialties) > 0 AS specialties, cardinality(u.modalities) > 0 AS modalities,
      cardinality(u.demographics) > 0 AS demographics, cardinality(u.session_format) > 0 AS session_format,
      (u.availability_updated_at IS NOT NULL OR u.accepting_clients <> 'not accepting') AS availability,
      cardinality(u.languages) > 0 AS languages,
      (SELECT count(*)::int FROM (
        SELECT 1 FROM community_members m WHERE m.user_id = u.id LIMIT ${ONBOARDING_COMMUNITIES}) joined) AS communities,
      EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = u.id) AS network
    FROM users u WHERE u.id = ${userId}`);
  return row;
}

export async function dismissOnboarding(db: Db, userId: string): Promise<void> {
  await queryPrepared(db, sql`
    UPDATE users SET onboarding_dismissed_at = coalesce(onboarding_dismissed_at, now()) WHERE id = ${userId}`);
}
