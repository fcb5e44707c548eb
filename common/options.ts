// One list of each kind, shared by the server's validation, the edit form, the filters and community tags.

export const SPECIALTIES = [
  'Abuse', 'Addiction', 'ADHD', 'Adoption', 'Alcohol Use', 'Anger Management', 'Antisocial Personality',
  'Anxiety', 'Asperger\'s Syndrome', 'Autism', 'Behavioral Issues', 'Bipolar Disorder', 'Body Image',
  'Borderline Personality', 'Burnout', 'Career Counseling', 'Child', 'Chronic Illness', 'Chronic Pain',
  'Codependency', 'Coping Skills', 'Cultural and Ethnic Issues', 'Depression', 'Developmental Disorders',
  'Divorce', 'Domestic Abuse', 'Domestic Violence', 'Drug Abuse', 'Dual Diagnosis', 'Eating Disorders',
  'Education and Learning Disabilities', 'Family Conflict', 'Gambling', 'Grief', 'Hoarding',
  'Infertility', 'Infidelity', 'Intellectual Disability', 'Life Coaching', 'Life Transitions',
  'LGBTQIA+', 'Marital and Premarital', 'Medication Management', 'Men\'s Issues', 'Mood Disorders',
  'Narcissistic Personality', 'Obesity', 'Obsessive-Compulsive (OCD)', 'Oppositional Defiance',
  'Panic Disorder', 'Parenting', 'Peer Relationships', 'Perinatal and Postpartum', 'Phobias',
  'Psychosis', 'Racial Identity', 'Relationship Issues', 'School Issues', 'Self-Esteem', 'Self-Harming',
  'Sex Therapy', 'Sexual Abuse', 'Sleep or Insomnia', 'Spirituality', 'Sports Performance', 'Stress',
  'Suicidal Ideation', 'Testing and Evaluation', 'Transgender', 'Trauma and PTSD', 'Veterans',
  'Video Game Addiction', 'Women\'s Issues',
] as const;

export const MODALITIES = [
  'Accelerated Resolution Therapy (ART)', 'Acceptance and Commitment (ACT)', 'Adlerian', 'AEDP',
  'Animal-Assisted Therapy', 'Applied Behavioral Analysis (ABA)', 'Art Therapy', 'Attachment-based', 'Biofeedback',
  'Brainspotting', 'CBT', 'Clinical Supervision', 'Coaching', 'Cognitive Processing (CPT)', 'Compassion Focused',
  'Culturally Sensitive', 'Dance Movement Therapy', 'DBT', 'Drama Therapy', 'Ecotherapy', 'EMDR',
  'Emotionally Focused', 'Existential', 'Experiential Therapy', 'Exposure Response Prevention (ERP)',
  'Family / Marital', 'Family Systems', 'Feminist', 'Gestalt', 'Gottman Method', 'Humanistic', 'Hypnotherapy', 'IFS',
  'Integrative', 'Interpersonal', 'Intervention', 'Jungian', 'Mindfulness-Based (MBCT)', 'Motivational Interviewing',
  'Multicultural', 'Music Therapy', 'Narrative', 'Neuro-Linguistic (NLP)', 'Neurofeedback', 'Nutritional',
  'Person-Centered', 'Play Therapy', 'Positive Psychology', 'Prolonged Exposure Therapy', 'Psychoanalytic',
  'Psychobiological Approach Couple Therapy (PACT)', 'Psychodynamic', 'Rational Emotive Behavior (REBT)',
  'Reality Therapy', 'Relational', 'Sandplay', 'Schema Therapy', 'Sensorimotor Psychotherapy',
  'Solution Focused Brief (SFBT)', 'Somatic', 'Strength-Based', 'Structural Family Therapy', 'Transpersonal',
  'Trauma Focused', 'Trauma-Focused CBT (TF-CBT)',
] as const;

// The spec's six, and young adults between teens and adults (decision 0169). Stored as these words: a new one goes in,
// none is renamed.
export const AGE_GROUPS = ['Toddler', 'Children (6-10)', 'Preteen', 'Teen', 'Young adults', 'Adults', 'Elders (65+)'] as const;

export const SELF_DESCRIBE = 'Self-describe';
export const GENDERS = [
  'Female', 'Male', 'Non-Binary', 'Transgender Woman', 'Transgender Man', 'Agender', 'Genderfluid',
  'Genderqueer', 'Two-Spirit', 'Prefer not to say',
] as const;

export const SESSION_FORMATS = ['In Person', 'Online', 'Walk & Talk'] as const;

export const RESOURCE_CATEGORIES = [
  'Articles', 'Books', 'Courses', 'Podcasts', 'Research', 'Tools', 'Videos', 'Worksheets', 'Other',
] as const;

// Referral availability (migration 0090). 'not accepting' keeps the words members read.
export const ACCEPTING_STATUSES = ['accepting', 'waitlist', 'not accepting'] as const;

export const FEE_MODELS = ['Private pay', 'Sliding scale', 'Insurance'] as const;
/** The fee per session's currencies: those of the regions the network lists (common/regions.ts). */
export const FEE_CURRENCIES = ['CAD', 'USD'] as const;
/** The highest fee per session accepted, in the currency's whole units (the database holds cents, at most 200000). */
export const SESSION_FEE_MAX = 2000;

export const LANGUAGES = [
  'American Sign Language (ASL)', 'Amharic', 'Arabic', 'Bengali', 'Cantonese', 'Dari', 'Dutch', 'English', 'Farsi',
  'French', 'German', 'Greek', 'Gujarati', 'Haitian Creole', 'Hebrew', 'Hindi', 'Hungarian', 'Italian', 'Japanese',
  'Korean', 'Langue des signes québécoise (LSQ)', 'Mandarin', 'Ojibwe', 'Polish', 'Portuguese', 'Punjabi', 'Romanian',
  'Russian', 'Serbo-Croatian', 'Somali', 'Spanish', 'Swahili', 'Tagalog', 'Tamil', 'Tigrinya', 'Turkish', 'Ukrainian',
  'Urdu', 'Vietnamese', 'Yiddish',
] as const;
