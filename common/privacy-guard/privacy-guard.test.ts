// The client-privacy guard measured on a labelled set written for it (labelled-notes.json: notes that carry one
// identifier of a kind, in every form an attack used, and ordinary clinical referral text), and its offsets and
// certainties checked on the forms that need normalising.
import { describe, expect, it } from 'vitest';
import { onlyLikelyNames, type Finding } from '../privacy-check.ts';
import { findIdentifiers } from './index.ts';
import notes from './labelled-notes.json' with { type: 'json' };

type Note = { text: string; kind: Finding['kind'] | null };
const LABELLED = notes as Note[];

describe('the labelled set', () => {
  const identifying = LABELLED.filter((n) => n.kind);
  const ordinary = LABELLED.filter((n) => !n.kind);

  it('holds at least 300 notes, about half of each, every kind', () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(300);
    expect(identifying.length).toBeGreaterThanOrEqual(150);
    expect(ordinary.length).toBeGreaterThanOrEqual(150);
    expect(new Set(identifying.map((n) => n.kind))).toEqual(new Set(['name', 'phone', 'email', 'date', 'address', 'number']));
  });

  it('catches at least 98 % of the identifying notes and flags under 3 % of the ordinary ones', () => {
    const missed = identifying.filter((n) => findIdentifiers(n.text).length === 0);
    const wrongKind = identifying.filter((n) => !findIdentifiers(n.text).some((f) => f.kind === n.kind));
    const flagged = ordinary.filter((n) => findIdentifiers(n.text).length > 0);
    const recall = 1 - missed.length / identifying.length;
    const falsePositives = flagged.length / ordinary.length;
    const kindRecall = 1 - wrongKind.length / identifying.length;
    console.log(`privacy guard: recall ${(recall * 100).toFixed(1)} % (${identifying.length - missed.length}/${identifying.length}), `
      + `with the labelled kind ${(kindRecall * 100).toFixed(1)} %, false positives ${(falsePositives * 100).toFixed(1)} % `
      + `(${flagged.length}/${ordinary.length})`);
    if (missed.length) console.log('missed:', missed.map((n) => n.text));
    if (flagged.length) console.log('flagged:', flagged.map((n) => n.text));
    expect(recall).toBeGreaterThanOrEqual(0.98);
    expect(falsePositives).toBeLessThan(0.03);
  });
});

const shown = (text: string) => findIdentifiers(text).map((f) => ({ kind: f.kind, text: text.slice(f.start, f.end), certainty: f.certainty }));

describe('findIdentifiers', () => {
  it('points at the member\'s own characters through zero-width, full-width and spelled-out digits', () => {
    expect(shown('call 416\u200b555\u200b0199 soon')).toEqual([{ kind: 'phone', text: '416\u200b555\u200b0199', certainty: 'certain' }]);
    expect(shown('phone ４１６５５５０１９９')).toEqual([{ kind: 'phone', text: '４１６５５５０１９９', certainty: 'certain' }]);
    expect(shown('cell four one six five five five zero one nine nine ok'))
      .toEqual([{ kind: 'phone', text: 'four one six five five five zero one nine nine', certainty: 'certain' }]);
    expect(shown('call 416-555-O199')).toEqual([{ kind: 'phone', text: '416-555-O199', certainty: 'certain' }]);
  });

  it('reads "at" and "dot" as in an email address', () => {
    expect(shown('maria dot lopez at gmail dot com')).toEqual([{ kind: 'email', text: 'maria dot lopez at gmail dot com', certainty: 'certain' }]);
    expect(shown('maria.lopez(at)gmail.com')[0].kind).toBe('email');
  });

  it('tells a card number by its Luhn checksum and groups, a SIN written with dots', () => {
    expect(shown('card 4539 1488 0343 6467')).toEqual([{ kind: 'number', text: '4539 1488 0343 6467', certainty: 'certain' }]);
    expect(shown('SIN 123.456.789')[0]).toMatchObject({ kind: 'number', text: '123.456.789' });
    expect(shown('health card 1234 5678 90')[0]).toMatchObject({ kind: 'number', text: '1234 5678 90' });
  });

  it('finds a full name without a keyword as likely, after a keyword as certain', () => {
    expect(shown('Maria Lopez, 34, postpartum anxiety')).toEqual([{ kind: 'name', text: 'Maria Lopez', certainty: 'likely' }]);
    expect(shown('client maria lopez')).toEqual([{ kind: 'name', text: 'maria lopez', certainty: 'certain' }]);
    expect(onlyLikelyNames(findIdentifiers('Maria Lopez, 34, postpartum anxiety'))).toBe(true);
    expect(onlyLikelyNames(findIdentifiers('Maria Lopez, call 416-555-0199'))).toBe(false);
  });

  it('finds initials beside a birth date, and the date', () => {
    expect(shown('ML born April 3 85').map((f) => f.kind).sort()).toEqual(['date', 'name']);
  });

  it('lets therapy, organisation, month and place names pass', () => {
    for (const text of ['Cognitive Behavioral Therapy in Toronto', 'Postpartum Support International', 'Dialectical Behavior Therapy',
      'Sessions from January to March', 'Ottawa or Montreal, in person', '']) {
      expect(findIdentifiers(text), text).toEqual([]);
    }
  });
});

// The cases of the first, pattern-only guard: each still caught, as its kind, and its ordinary notes still pass.
const FIRST_GUARD: [string, Finding['kind']][] = [
  ['Reach the mother at jane.doe@example.com', 'email'], ['email: j_smith+ref@clinic.ca', 'email'],
  ['Call 416-555-0199 after 5', 'phone'], ['cell (416) 555 0199', 'phone'], ['phone 4165550199', 'phone'],
  ['+1 514.555.0123 evenings', 'phone'], ['UK number +44 20 7946 0958', 'phone'],
  ['DOB 12/03/1990', 'date'], ['born March 3, 1990', 'date'], ['birthday is 3 March 2011', 'date'],
  ['intake was on 2024-05-01', 'date'], ['last seen 05/11/24', 'date'],
  ['OHIP 1234-567-890-AB', 'number'], ['health card number 9876543210', 'number'], ['SIN 123 456 789', 'number'],
  ['SSN 123-45-6789', 'number'], ['member ID: XJ55123', 'number'], ['policy 98765432', 'number'],
  ['lives at 221B Baker Street', 'address'], ['at 42 Queen St W near the park', 'address'], ['1234, rue Saint-Denis', 'address'],
  ['apt 4, building behind the school', 'address'], ['postal code K1A 0B1', 'address'],
  ['client Maria is 15', 'name'], ['a teen named Josh who loves hockey', 'name'], ['Patient: John, 34', 'name'],
  ['the client, called Aiden by friends', 'name'], ['Ms. Smith would like evenings', 'name'],
];
const FIRST_GUARD_CLINICAL = [
  'Teen with panic attacks, prefers evenings, 3 sessions of CBT in 2024 helped',
  'Client prefers a female therapist, available after 5pm on weekdays',
  'Adult with PTSD after a car accident in March 2023; PHQ-9 of 18, GAD-7 of 15',
  'Client: Anxious teen, school refusal for 2 years in a row, went a long way with 12 sessions',
  'Member of a large family; insurance covers 10 sessions; sliding scale needed',
  'Patient has tried EMDR and DBT; open to IFS. Speaks French and English.',
  'Needs someone licensed in ON for online sessions, 1-2 times a week, 50 minutes',
  'Client Prefers Saturday mornings (yes, capitalised by mistake)',
  'Referred by GP; previous therapist retired in 2022. Family of 4, two siblings aged 8 and 12.',
];

describe("the first guard's cases", () => {
  it.each(FIRST_GUARD)('catches %j as %s', (text, kind) => {
    expect(findIdentifiers(text).map((f) => f.kind)).toContain(kind);
  });
  it.each(FIRST_GUARD_CLINICAL)('lets %j pass', (text) => {
    expect(findIdentifiers(text)).toEqual([]);
  });
});
