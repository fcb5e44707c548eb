import { sql } from 'drizzle-orm';
import { ONBOARDING_COMMUNITIES } from '../../../common/onboarding.ts';
import type { Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import { communityMembers, favorites, users } from '../../db/schema.ts';

/**
 * What the checklist and the meter read of a member: their row by primary key, and two bounded probes. Each field is a
 * fact computed from columns named through schema.ts (a renamed column fails the type check there), not a column.
 */
export type OnboardingRow = {
  verified: boolean; dismissed: boolean; welcomed: boolean;
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
  const u = users;
  const [row] = await queryPrepared<OnboardingRow>(db, sql`
    SELECT ${u.verificationStatus} = 'verified' AND ${u.role} <> 'admin' AS verified,
      ${u.onboardingDismissedAt} IS NOT NULL AS dismissed, ${u.welcomedAt} IS NOT NULL AS welcomed,
      ${u.avatar} IS NOT NULL AS photo, ${u.bio} <> '' AS bio, ${u.profession} <> '' AS profession, ${u.location} <> '' AS location,
      cardinality(${u.specialties}) > 0 AS specialties, cardinality(${u.modalities}) > 0 AS modalities,
      cardinality(${u.demographics}) > 0 AS demographics, cardinality(${u.sessionFormat}) > 0 AS session_format,
      (${u.availabilityUpdatedAt} IS NOT NULL OR ${u.acceptingClients} <> 'not accepting') AS availability,
      cardinality(${u.languages}) > 0 AS languages,
      (SELECT count(*)::int FROM (
        SELECT 1 FROM ${communityMembers} WHERE ${communityMembers.userId} = ${u.id} LIMIT ${ONBOARDING_COMMUNITIES}) joined) AS communities,
      EXISTS (SELECT 1 FROM ${favorites} WHERE ${favorites.userId} = ${u.id}) AS network
    FROM ${u} WHERE ${u.id} = ${userId}`);
  return row;
}

export async function dismissOnboarding(db: Db, userId: string): Promise<void> {
  await queryPrepared(db, sql`
    UPDATE ${users} SET ${sql.identifier(users.onboardingDismissedAt.name)} = coalesce(${users.onboardingDismissedAt}, now())
    WHERE ${users.id} = ${userId}`);
}

/** The dashboard greeted the member: later visits say "Welcome back". The first time is kept. */
export async function markWelcomed(db: Db, userId: string): Promise<void> {
  await queryPrepared(db, sql`
    UPDATE ${users} SET ${sql.identifier(users.welcomedAt.name)} = coalesce(${users.welcomedAt}, now())
    WHERE ${users.id} = ${userId}`);
}
