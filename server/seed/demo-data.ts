// Hand-written demo content: enough to make every screen look lived-in on a first start.
export const DEMO_PASSWORD = 'demo-therapist-2026';

const FIRST = ['Amara', 'Liam', 'Sofia', 'Noah', 'Priya', 'Mateo', 'Hannah', 'Kenji', 'Olivia', 'Ethan', 'Zara', 'Lucas',
  'Maya', 'Daniel', 'Aisha', 'Gabriel', 'Chloe', 'Omar', 'Ingrid', 'Samuel', 'Leila', 'Theo', 'Nadia', 'Marcus', 'Elena',
  'Jonah', 'Ruth', 'Tariq', 'Fiona', 'Diego'];
const LAST = ['Okafor', 'Chen', 'Rossi', 'Tremblay', 'Patel', 'Garcia', 'Schmidt', 'Tanaka', 'Walker', 'Nguyen', 'Haddad',
  'Martin', 'Cohen', 'Kowalski', 'Rahman', 'Silva', 'Dubois', 'Farah', 'Larsen', 'Mensah', 'Karimi', 'Baker', 'Ivanova',
  'Brown', 'Popescu', 'Levi', 'Adeyemi', 'Aziz', 'MacLeod', 'Herrera'];
const PLACES: [string, string, string][] = [
  ['Toronto', 'ON', 'Canada'], ['Vancouver', 'BC', 'Canada'], ['Montreal', 'QC', 'Canada'], ['Calgary', 'AB', 'Canada'],
  ['Halifax', 'NS', 'Canada'], ['Ottawa', 'ON', 'Canada'], ['Seattle', 'WA', 'USA'], ['Portland', 'OR', 'USA'],
  ['San Francisco', 'CA', 'USA'], ['Los Angeles', 'CA', 'USA'], ['Austin', 'TX', 'USA'], ['Chicago', 'IL', 'USA'],
  ['New York', 'NY', 'USA'], ['Boston', 'MA', 'USA'], ['Denver', 'CO', 'USA'],
];
const PROFESSIONS: [string, string][] = [
  ['Registered Psychotherapist', 'CRPO'], ['Licensed Clinical Social Worker', 'California BBS'],
  ['Licensed Marriage and Family Therapist', 'California BBS'], ['Registered Clinical Counsellor', 'BCACC'],
  ['Licensed Professional Counselor', 'Texas BHEC'], ['Clinical Psychologist', 'College of Psychologists of Ontario'],
];
const SPECIALTY_SETS = [
  ['Anxiety', 'Depression', 'Trauma and PTSD', 'Grief'], ['ADHD', 'Autism', 'Child', 'Parenting'],
  ['Addiction', 'Dual Diagnosis', 'Alcohol Use'], ['LGBTQIA+', 'Transgender', 'Self-Esteem', 'Relationship Issues'],
  ['Veterans', 'Trauma and PTSD', 'Anger Management'], ['Women\'s Issues', 'Perinatal and Postpartum', 'Anxiety'],
  ['Eating Disorders', 'Body Image', 'Self-Harming'], ['Grief', 'Life Transitions', 'Chronic Illness'],
];
const MODALITY_SETS = [
  ['CBT', 'DBT', 'Mindfulness-Based (MBCT)'], ['EMDR', 'Somatic', 'IFS'], ['Play Therapy', 'Family Systems', 'Art Therapy'],
  ['Psychodynamic', 'Attachment-based', 'Relational'], ['Acceptance and Commitment (ACT)', 'Motivational Interviewing'],
  ['Emotionally Focused', 'Gottman Method', 'Narrative'], ['Trauma Focused', 'Sensorimotor Psychotherapy', 'EMDR', 'CBT'],
];
const AGE_SETS = [['Adults'], ['Children (6-10)', 'Preteen', 'Teen'], ['Teen', 'Adults'], ['Adults', 'Elders (65+)'], ['Toddler', 'Children (6-10)']];
const FORMATS = [['Online'], ['In Person', 'Online'], ['In Person'], ['Online', 'Walk & Talk']];
const GENDERS = [['Female'], ['Male'], ['Non-Binary'], ['Female'], ['Male'], ['Prefer not to say']];
const PRONOUNS = ['she/her', 'he/him', 'they/them', 'she/her', 'he/him', ''];

// Referral availability, varied so the directory's filters and referral suggestions find matches.
const ACCEPTING = ['accepting', 'accepting', 'waitlist', 'accepting', 'not accepting'] as const;
const NOTES = ['Tue and Thu evenings', 'Weekday mornings, online only', 'Waitlist about 4 weeks', 'Saturdays and lunchtimes', ''];
const LANGUAGE_SETS = [['English'], ['English', 'French'], ['English', 'Spanish'], ['English', 'Mandarin', 'Cantonese'],
  ['English', 'Punjabi', 'Hindi'], ['French'], ['English', 'Arabic'], ['English', 'Portuguese']];
const FEE_SETS = [['Private pay', 'Sliding scale'], ['Insurance', 'Private pay'], ['Sliding scale'], ['Private pay'], ['Insurance', 'Sliding scale']];
const INSURERS: Record<string, string[]> = {
  Canada: ['Sun Life', 'Manulife', 'Green Shield Canada', 'Blue Cross'],
  USA: ['Aetna', 'Blue Cross Blue Shield', 'Cigna', 'UnitedHealthcare'],
};
// Some practise online in a neighbouring province or state too.
const NEIGHBOURS: Record<string, string> = { ON: 'QC', QC: 'ON', BC: 'AB', AB: 'BC', NS: 'NB', WA: 'OR', OR: 'WA', CA: 'NV', NY: 'NJ', MA: 'RI' };
// Days since each confirmed their availability: most recently, some stale (over 60), a few never (null).
const CONFIRMED_DAYS_AGO = [3, 12, 75, 30, null, 8, 1, 120, 20, 45];

function availability(i: number, region: string, country: string) {
  const fees = FEE_SETS[i % FEE_SETS.length];
  const neighbour = NEIGHBOURS[region];
  return {
    acceptingClients: ACCEPTING[i % ACCEPTING.length],
    availabilityNote: NOTES[i % NOTES.length],
    languages: LANGUAGE_SETS[i % LANGUAGE_SETS.length],
    feeModels: fees,
    insurers: fees.includes('Insurance') ? INSURERS[country].slice(i % 2, (i % 2) + 2) : [],
    licensedRegions: i % 3 === 0 && neighbour ? [region, neighbour] : [region],
    website: i % 4 === 0 ? `https://practice-${i + 1}.example.com` : '',
    confirmedDaysAgo: CONFIRMED_DAYS_AGO[i % CONFIRMED_DAYS_AGO.length],
  };
}

export function demoTherapists() {
  return FIRST.map((first, i) => {
    const [city, region, country] = PLACES[i % PLACES.length];
    const [profession, body] = PROFESSIONS[i % PROFESSIONS.length];
    return {
      name: `${first} ${LAST[i]}`,
      email: `${first}.${LAST[i]}@demo.thera-root.local`.toLowerCase(),
      location: `${city}, ${region}, ${country}`,
      profession,
      education: i % 2 ? 'MSW, University of Toronto' : 'MA Counselling Psychology, UBC',
      pronouns: PRONOUNS[i % PRONOUNS.length],
      bio: `I work with clients on ${SPECIALTY_SETS[i % SPECIALTY_SETS.length].slice(0, 2).join(' and ').toLowerCase()}, and I am open to referrals and peer consultation.`,
      specialties: SPECIALTY_SETS[i % SPECIALTY_SETS.length],
      modalities: MODALITY_SETS[i % MODALITY_SETS.length],
      demographics: AGE_SETS[i % AGE_SETS.length],
      gender: GENDERS[i % GENDERS.length],
      sessionFormat: FORMATS[i % FORMATS.length],
      licenceNumber: `${body.slice(0, 3).toUpperCase()}-${100000 + i * 7919}`,
      licensingBody: body,
      licenceRegion: region,
      licenceCountry: country,
      ...availability(i, region, country),
      // The last three are still waiting for an administrator, so the verification queue has work in it.
      verificationStatus: i >= FIRST.length - 3 ? 'pending' : 'verified',
    };
  });
}

export const DEMO_COMMUNITIES = [
  { name: 'Trauma-Informed Care', description: 'Approaches, readings and case consultation for trauma work.', specialties: ['Trauma and PTSD', 'Abuse'], modalities: ['EMDR', 'Somatic', 'Trauma Focused'], demographics: ['Adults'] },
  { name: 'Child and Family Practice', description: 'For therapists working with children, teens and their families.', specialties: ['Child', 'Parenting', 'ADHD'], modalities: ['Play Therapy', 'Family Systems'], demographics: ['Children (6-10)', 'Preteen', 'Teen'] },
  { name: 'Private Practice Business', description: 'Fees, insurance, record keeping and building a sustainable practice.', specialties: ['Burnout'], modalities: ['Clinical Supervision'], demographics: [] },
  { name: 'Anxiety and Mood', description: 'Evidence-based treatment of anxiety and mood disorders.', specialties: ['Anxiety', 'Depression', 'Mood Disorders'], modalities: ['CBT', 'Acceptance and Commitment (ACT)'], demographics: ['Adults', 'Teen'] },
  { name: 'Affirming Care', description: 'LGBTQIA+ affirming practice, resources and referrals.', specialties: ['LGBTQIA+', 'Transgender'], modalities: ['Narrative', 'Person-Centered'], demographics: ['Adults', 'Teen'] },
  { name: 'Substance Use and Recovery', description: 'Harm reduction, recovery support and dual diagnosis.', specialties: ['Addiction', 'Dual Diagnosis'], modalities: ['Motivational Interviewing', 'DBT'], demographics: ['Adults'] },
];

export const DEMO_POSTS = [
  { community: 0, title: 'Pacing EMDR with clients who dissociate', content: 'How do you decide when a client is ready for **processing**? I lean on resourcing for several sessions first.' },
  { community: 0, title: 'Favourite grounding exercises', content: 'Sharing my go-to list:\n\n- 5-4-3-2-1\n- paced breathing\n- cold water\n\nWhat works for you?' },
  { community: 1, title: 'Play therapy room on a budget', content: 'Setting up a new room. Which materials have earned their place in yours?' },
  { community: 1, title: 'Working with parents of teens with ADHD', content: 'Looking for parent-training resources that are not condescending to exhausted parents.' },
  { community: 2, title: 'Sliding scale: how do you structure it?', content: 'I want to offer reduced fees without burning out. Tiers, or a pay-what-you-can slot per week?' },
  { community: 2, title: 'Note-taking software that respects privacy', content: 'What do you use for notes that keeps data in Canada?' },
  { community: 3, title: 'ACT metaphors that land with teens', content: 'Passengers on the bus works well for me. Others?' },
  { community: 3, title: 'Behavioural activation during winter', content: 'Seasonal dips are hitting my caseload. How do you adapt BA plans in the dark months?' },
  { community: 4, title: 'Intake forms with inclusive language', content: 'Revising my intake forms; happy to share a template once it is done.' },
  { community: 5, title: 'Harm reduction conversations with families', content: 'How do you explain harm reduction to families who want abstinence only?' },
  { community: null, title: 'Welcome to Thera Root!', content: 'Introduce yourself here: where you practise and what you would like from this network.' },
];

export const DEMO_COMMENTS = [
  'Thank you for raising this, it is something I think about often.',
  'In my experience slower is faster here.',
  'I have a handout on this, happy to share it.',
  'Agreed, and supervision helped me a lot with it.',
  'Could you say more about how you introduce it?',
  'This is really useful, saving it.',
];

export const DEMO_RESOURCES = [
  { title: 'The Body Keeps the Score', link: 'https://www.besselvanderkolk.com/resources/the-body-keeps-the-score', category: 'Books', description: 'A classic on trauma and the body.', approved: true },
  { title: 'Thought record worksheet', link: 'https://www.psychologytools.com/resource/thought-record/', category: 'Worksheets', description: 'A printable CBT thought record.', approved: true },
  { title: 'DBT skills training overview', link: 'https://behavioraltech.org/resources/faqs/dialectical-behavior-therapy-dbt/', category: 'Articles', description: 'What DBT is and how skills groups are run.', approved: true },
  { title: 'The Trauma Therapist podcast', link: 'https://www.thetraumatherapistproject.com/podcast/', category: 'Podcasts', description: 'Interviews with trauma clinicians.', approved: true },
  { title: 'Motivational interviewing practice videos', link: 'https://motivationalinterviewing.org/', category: 'Videos', description: 'Demonstrations of core MI skills.', approved: true },
  { title: 'Ethics of telehealth across borders', link: 'https://www.apa.org/practice/guidelines/telepsychology', category: 'Research', description: 'Guidelines for practising by video.', approved: false },
  { title: 'Grief support group facilitation guide', link: 'https://www.whatsyourgrief.com/', category: 'Tools', description: 'Structure and prompts for running a grief group.', approved: false },
];
