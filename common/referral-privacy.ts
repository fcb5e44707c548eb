// The referral note's privacy guard (issue 14), run by the web form as the member types and by the server before it
// stores a note. A referral describes what a client needs, never who they are: each rule below looks for one kind of
// identifying detail and returns its human name. The rules lean towards refusing: a sender can always rephrase.

const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
// Street types, each allowing a capital or small first letter ("Main Street", "Elm st.").
const STREET_TYPES = ['Street', 'St', 'Avenue', 'Ave', 'Road', 'Rd', 'Boulevard', 'Blvd', 'Drive', 'Dr', 'Lane', 'Ln', 'Court',
  'Ct', 'Crescent', 'Cres', 'Way', 'Place', 'Pl', 'Terrace', 'Parkway', 'Pkwy', 'Highway', 'Hwy', 'Circle', 'Square', 'Trail']
  .map((t) => `[${t[0]}${t[0].toLowerCase()}]${t.slice(1)}`).join('|');

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;

// Numeric dates with a day, month and year (12/03/1990, 1990-03-12, 3.12.90) and written ones (March 3, 1990; 3 March 1990).
const NUMERIC_DATE = /\b(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|\d{4}[/.-]\d{1,2}[/.-]\d{1,2})\b/;
const WRITTEN_DATE = new RegExp(`\\b(?:(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS})\\.?,?\\s+\\d{4})\\b`, 'i');
const BIRTH_WORDS = /\b(?:dob|d\.o\.b\.?|born|birth(?:day|date)?)\b/i;

// A number announced as an identifier ("OHIP 1234...", "member ID: XJ-55...", "SIN 123..."), the grouped shapes of
// social-insurance, social-security and health-card numbers, and any other long run of digits.
const ID_WORDS = /\b(?:health[\s-]*card|ohip|ramq|msp|carte\s+soleil|insurance|insurer|member(?:ship)?|policy|sin|ssn|social\s+(?:insurance|security)|mrn|medical\s+record|chart|file|id)\b\s*(?:number|no\.?|num|#|id)?\s*[:#]?\s*(?=[A-Z0-9-]{5,})[A-Z-]*\d/i;
const GROUPED_ID = /\b(?:\d{3}[\s-]\d{3}[\s-]\d{3}|\d{3}[\s-]\d{2}[\s-]\d{4}|\d{4}[\s-]\d{3}[\s-]\d{3}(?:[\s-]?[A-Z]{2})?)\b/;
const LONG_NUMBER = /\b\d{8,9}\b|\b\d{12,}\b|\b[A-Z]{1,4}\d{7,}\b/;

// North American numbers (416-555-0199, (416) 555 0199, +1 416.555.0199, 4165550199) and international ones (+44 20 7946 0958).
const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\b\d{3})[\s.-]?\d{3}[\s.-]?\d{4}\b|\+\d{1,3}(?:[\s.-]?\d{2,4}){2,5}\b/;

// A number, then capitalised words, then a street type: "221B Baker Street"; or the French order: "1234, rue Saint-Denis".
const STREET = new RegExp(`\\b\\d{1,6}[A-Za-z]?\\s+(?:\\p{Lu}[\\p{L}'’.-]*\\s+){1,4}(?:${STREET_TYPES})\\b`, 'u');
const FRENCH_STREET = /\b\d{1,6},?\s+(?:rue|chemin|boul(?:evard)?\.?|avenue|av\.|rang|route)\s+\p{Lu}/iu;
const UNIT = /\b(?:apt|apartment|suite|unit)\.?\s*#?\s*\d+/i;
const PO_BOX = /\bp\.?\s?o\.?\s+box\s+\d+/i;
const POSTAL_CODE = /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d\b/i;

// A capitalised word after "client", "patient", "named", "called"... The keyword may be capitalised ("Client Maria"),
// the name must be. Words that often follow those keywords with a capital (at the start of a sentence) are not names.
const NAME_AFTER_KEYWORD = /\b(?:[Cc]lient|[Pp]atient|[Nn]amed|[Cc]alled|[Nn]ame\s+is|[Gg]oes\s+by|[Kk]nown\s+as)\s*[:,-]?\s+(?:(?:[Mm]r|[Mm]rs|[Mm]s|[Mm]iss|[Mm]x)\.?\s+)?(\p{Lu}[\p{L}'’-]+)/gu;
const TITLE_NAME = /\b(?:Mr|Mrs|Ms|Miss|Mx)\.?\s+\p{Lu}[\p{L}'’-]+/u;
const NOT_NAMES = new Set([
  'I', 'A', 'An', 'The', 'This', 'That', 'He', 'She', 'They', 'We', 'It', 'Is', 'Has', 'Was', 'Who', 'With', 'In', 'Is',
  'And', 'But', 'Or', 'For', 'To', 'Of', 'On', 'At', 'By', 'Prefers', 'Needs', 'Would', 'Wants', 'Seeking', 'Looking',
  'CBT', 'DBT', 'EMDR', 'ACT', 'IFS', 'ADHD', 'OCD', 'PTSD', 'ASD', 'GAD', 'MDD', 'LGBTQIA', 'LGBTQ', 'BIPOC', 'ASL', 'LSQ',
  'English', 'French', 'Spanish', 'Online', 'Teen', 'Adult', 'Adults', 'Child', 'Children', 'Preteen', 'Elder',
  'Anxious', 'Depressed', 'Female', 'Male', 'Young', 'Older', 'Mother', 'Father', 'Parent', 'Student', 'Recently',
  'Currently', 'Struggles', 'Reports', 'Presents', 'Experiencing', 'Living', 'Lives', 'Works', 'Age', 'Aged', 'Referred',
  'Open', 'Ready', 'Not', 'No', 'Also', 'Already', 'Previously', 'Identifies', 'Uses', 'Speaks', 'Requests', 'Requires',
  'Can', 'Cannot', 'Will', 'May', 'Might', 'Should', 'Did', 'Does', 'Had', 'Been', 'Over', 'Under', 'From', 'After',
  'Before', 'Since', 'Due', 'Early', 'Late', 'Mid', 'Self-referred', 'Male-identified', 'Female-identified',
]);

function namesAClient(note: string): boolean {
  for (const match of note.matchAll(NAME_AFTER_KEYWORD)) {
    if (!NOT_NAMES.has(match[1])) return true;
  }
  return TITLE_NAME.test(note);
}

function findDate(note: string): string | null {
  const found = NUMERIC_DATE.exec(note) ?? WRITTEN_DATE.exec(note);
  if (!found) return null;
  const before = note.slice(Math.max(0, found.index - 30), found.index);
  return BIRTH_WORDS.test(before) ? 'a date of birth' : 'a full date';
}

/**
 * The human name of the first identifying detail in a referral note ("a phone number"), or null when it reads as a
 * description of needs. Order matters where shapes overlap: a date before a phone number, a health-card number (4-3-3
 * digits) before a phone number (3-3-4).
 */
export function findIdentifyingText(note: string): string | null {
  if (EMAIL.test(note)) return 'an email address';
  const date = findDate(note);
  if (date) return date;
  if (ID_WORDS.test(note) || GROUPED_ID.test(note)) return 'a health-card or insurance number';
  if (PHONE.test(note)) return 'a phone number';
  if (LONG_NUMBER.test(note)) return 'a health-card or insurance number';
  if (STREET.test(note) || FRENCH_STREET.test(note) || UNIT.test(note) || PO_BOX.test(note) || POSTAL_CODE.test(note)) return 'a street address';
  if (namesAClient(note)) return "a client's name";
  return null;
}

/** The 400 message for a note that looked identifying (the words). */
export const identifyingNoteMessage = (what: string) =>
  `The note looks like it contains ${what}. Describe needs, not identities.`;
