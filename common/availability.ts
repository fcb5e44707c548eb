// Referral availability: the limits of its fields and when a stated availability stops being trusted.
// No zod here, so the web's pages can import it without the schemas.

export const AVAILABILITY_NOTE_MAX = 200;
export const MAX_INSURERS = 10;
export const INSURER_MAX = 60;
/** An availability not confirmed (or changed) for this long shows as "Availability not confirmed recently". */
const AVAILABILITY_STALE_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Never confirmed, or confirmed more than AVAILABILITY_STALE_DAYS ago. */
export function isAvailabilityStale(updatedAt: Date | string | null, now: number = Date.now()): boolean {
  if (updatedAt === null) return true;
  return now - new Date(updatedAt).getTime() > AVAILABILITY_STALE_DAYS * DAY_MS;
}

