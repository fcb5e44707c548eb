// The referral note's privacy guard: each kind of identifying detail is caught and named, and ordinary clinical text
// (numbers of sessions, years, scores, capitalised therapy names) passes.
import { describe, expect, it } from 'vitest';
import { CreateReferralBody, findIdentifyingText, identifyingNoteMessage } from './referrals.ts';

const IDENTIFYING: [string, string][] = [
  ['Reach the mother at jane.doe@example.com', 'an email address'],
  ['email: j_smith+ref@clinic.ca', 'an email address'],
  ['Call 416-555-0199 after 5', 'a phone number'],
  ['cell (416) 555 0199', 'a phone number'],
  ['phone 4165550199', 'a phone number'],
  ['+1 514.555.0123 evenings', 'a phone number'],
  ['UK number +44 20 7946 0958', 'a phone number'],
  ['DOB 12/03/1990', 'a date of birth'],
  ['born March 3, 1990', 'a date of birth'],
  ['birthday is 3 March 2011', 'a date of birth'],
  ['intake was on 2024-05-01', 'a full date'],
  ['last seen 05/11/24', 'a full date'],
  ['OHIP 1234-567-890-AB', 'a health-card or insurance number'],
  ['health card number 9876543210', 'a health-card or insurance number'],
  ['SIN 123 456 789', 'a health-card or insurance number'],
  ['SSN 123-45-6789', 'a health-card or insurance number'],
  ['member ID: XJ55123', 'a health-card or insurance number'],
  ['policy 98765432', 'a health-card or insurance number'],
  ['lives at 221B Baker Street', 'a street address'],
  ['at 42 Queen St W near the park', 'a street address'],
  ['1234, rue Saint-Denis', 'a street address'],
  ['apt 4, building behind the school', 'a street address'],
  ['postal code K1A 0B1', 'a street address'],
  ['client Maria is 15', "a client's name"],
  ['a teen named Josh who loves hockey', "a client's name"],
  ['Patient: John, 34', "a client's name"],
  ['the client, called Aiden by friends', "a client's name"],
  ['Ms. Smith would like evenings', "a client's name"],
];

const CLINICAL = [
  'Teen with panic attacks, prefers evenings, 3 sessions of CBT in 2024 helped',
  'Client prefers a female therapist, available after 5pm on weekdays',
  'Adult with PTSD after a car accident in March 2023; PHQ-9 of 18, GAD-7 of 15',
  'Client: Anxious teen, school refusal for 2 years in a row, went a long way with 12 sessions',
  'Member of a large family; insurance covers 10 sessions; sliding scale needed',
  'Patient has tried EMDR and DBT; open to IFS. Speaks French and English.',
  'Needs someone licensed in ON for online sessions, 1-2 times a week, 50 minutes',
  'Client Prefers Saturday mornings (yes, capitalised by mistake)',
  'Referred by GP; previous therapist retired in 2022. Family of 4, two siblings aged 8 and 12.',
  '',
];

describe('findIdentifyingText', () => {
  it.each(IDENTIFYING)('catches %j as %s', (note, what) => {
    expect(findIdentifyingText(note)).toBe(what);
  });

  it.each(CLINICAL)('lets ordinary clinical text pass: %j', (note) => {
    expect(findIdentifyingText(note)).toBeNull();
  });

  it('words the refusal as the issue does', () => {
    expect(identifyingNoteMessage('a phone number')).toBe('The note looks like it contains a phone number. Describe needs, not identities.');
  });

  it('is part of the create schema the web form and the server share', () => {
    const body = { ageGroup: 'Teen', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON', toBoard: true };
    expect(CreateReferralBody.safeParse({ ...body, note: CLINICAL[0] }).success).toBe(true);
    const refused = CreateReferralBody.safeParse({ ...body, note: 'call 416-555-0199' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe(identifyingNoteMessage('a phone number'));
  });
});
