// Test-only (eslint keeps it out of the feature's code): what the referral tests share, a controlled clock, a therapist
// with a profile that matches, and a valid request.
import type { CreateReferralInput } from '../../../common/referrals.ts';
import type { Db } from '../../db/client.ts';
import { createUser } from '../../test/factories.ts';

export const START = new Date('2026-12-01T12:00:00.000Z');
export const DAY_MS = 86_400_000;

/** A clock the test moves by hand: `clock.now` is handed to the app, `clock.advance(days)` moves it. */
export function controlledClock(start = START) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (days: number) => { at += days * DAY_MS; },
    set: (date: Date) => { at = date.getTime(); },
  };
}

export const NEEDS = {
  ageGroup: 'Teen', concerns: ['Anxiety', 'Panic Disorder'], sessionFormats: ['Online'], region: 'ON', urgency: 'soon',
  note: 'Teen with panic attacks, prefers evenings, 3 sessions of CBT in 2024 helped',
} satisfies CreateReferralInput;

/** A verified therapist whose profile matches NEEDS (Teen, Anxiety, Online, licensed in ON). */
export const matchingTherapist = (db: Db, overrides: Parameters<typeof createUser>[1] = {}) => createUser(db, {
  demographics: ['Teen', 'Adults'], specialties: ['Anxiety', 'Depression'], sessionFormat: ['Online'], licensedRegions: ['ON'],
  acceptingClients: 'accepting', ...overrides,
});
