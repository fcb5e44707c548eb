// The labels of common/options.ts's short lists in the member's language (web/lib/option-labels.ts); the keys are the
// stored values, which never change.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { AGE_GROUPS, SESSION_FORMATS, FEE_MODELS, GENDERS, ACCEPTING_STATUSES, SELF_DESCRIBE, RESOURCE_CATEGORIES } from '../../../common/options.ts';

export const AGE_GROUP_MESSAGES = defineMessages({
  'Toddler': { id: 'options.ageGroup.toddler', defaultMessage: 'Toddler', description: 'An age group of clients a therapist sees (directory filter, profile, community tags)' },
  'Children (6-10)': { id: 'options.ageGroup.children610', defaultMessage: 'Children (6-10)', description: 'An age group of clients a therapist sees (directory filter, profile, community tags)' },
  'Preteen': { id: 'options.ageGroup.preteen', defaultMessage: 'Preteen', description: 'An age group of clients a therapist sees (directory filter, profile, community tags)' },
  'Teen': { id: 'options.ageGroup.teen', defaultMessage: 'Teen', description: 'An age group of clients a therapist sees (directory filter, profile, community tags)' },
  'Young adults': { id: 'options.ageGroup.youngAdults', defaultMessage: 'Young adults', description: 'An age group of clients a therapist sees (directory filter, profile, community tags)' },
  'Adults': { id: 'options.ageGroup.adults', defaultMessage: 'Adults', description: 'An age group of clients a therapist sees (directory filter, profile, community tags)' },
  'Elders (65+)': { id: 'options.ageGroup.elders65', defaultMessage: 'Elders (65+)', description: 'An age group of clients a therapist sees (directory filter, profile, community tags)' },
}) satisfies Record<(typeof AGE_GROUPS)[number], MessageDescriptor>;

export const SESSION_FORMAT_MESSAGES = defineMessages({
  'In Person': { id: 'options.sessionFormat.inPerson', defaultMessage: 'In Person', description: 'How sessions with clients take place (directory filter, profile)' },
  'Online': { id: 'options.sessionFormat.online', defaultMessage: 'Online', description: 'How sessions with clients take place (directory filter, profile)' },
  'Walk & Talk': { id: 'options.sessionFormat.walkTalk', defaultMessage: 'Walk & Talk', description: 'How sessions with clients take place (directory filter, profile)' },
}) satisfies Record<(typeof SESSION_FORMATS)[number], MessageDescriptor>;

export const FEE_MODEL_MESSAGES = defineMessages({
  'Private pay': { id: 'options.feeModel.privatePay', defaultMessage: 'Private pay', description: 'How a therapist is paid (directory filter, profile)' },
  'Sliding scale': { id: 'options.feeModel.slidingScale', defaultMessage: 'Sliding scale', description: 'How a therapist is paid (directory filter, profile)' },
  'Insurance': { id: 'options.feeModel.insurance', defaultMessage: 'Insurance', description: 'How a therapist is paid (directory filter, profile)' },
}) satisfies Record<(typeof FEE_MODELS)[number], MessageDescriptor>;

export const GENDER_MESSAGES = defineMessages({
  'Female': { id: 'options.gender.female', defaultMessage: 'Female', description: 'A therapist gender, an option of the profile form' },
  'Male': { id: 'options.gender.male', defaultMessage: 'Male', description: 'A therapist gender, an option of the profile form' },
  'Non-Binary': { id: 'options.gender.nonBinary', defaultMessage: 'Non-Binary', description: 'A therapist gender, an option of the profile form' },
  'Transgender Woman': { id: 'options.gender.transgenderWoman', defaultMessage: 'Transgender Woman', description: 'A therapist gender, an option of the profile form' },
  'Transgender Man': { id: 'options.gender.transgenderMan', defaultMessage: 'Transgender Man', description: 'A therapist gender, an option of the profile form' },
  'Agender': { id: 'options.gender.agender', defaultMessage: 'Agender', description: 'A therapist gender, an option of the profile form' },
  'Genderfluid': { id: 'options.gender.genderfluid', defaultMessage: 'Genderfluid', description: 'A therapist gender, an option of the profile form' },
  'Genderqueer': { id: 'options.gender.genderqueer', defaultMessage: 'Genderqueer', description: 'A therapist gender, an option of the profile form' },
  'Two-Spirit': { id: 'options.gender.twoSpirit', defaultMessage: 'Two-Spirit', description: 'A therapist gender, an option of the profile form' },
  'Prefer not to say': { id: 'options.gender.preferNotToSay', defaultMessage: 'Prefer not to say', description: 'A therapist gender, an option of the profile form' },
  'Self-describe': { id: 'options.gender.selfDescribe', defaultMessage: 'Self-describe', description: 'A therapist gender, an option of the profile form' },
}) satisfies Record<(typeof GENDERS)[number] | typeof SELF_DESCRIBE, MessageDescriptor>;

export const ACCEPTING_MESSAGES = defineMessages({
  'accepting': { id: 'options.accepting.accepting', defaultMessage: 'Accepting new clients', description: 'Whether a therapist takes new clients (directory filter, profile, referrals)' },
  'waitlist': { id: 'options.accepting.waitlist', defaultMessage: 'Waitlist', description: 'Whether a therapist takes new clients (directory filter, profile, referrals)' },
  'not accepting': { id: 'options.accepting.notAccepting', defaultMessage: 'Not accepting new clients', description: 'Whether a therapist takes new clients (directory filter, profile, referrals)' },
}) satisfies Record<(typeof ACCEPTING_STATUSES)[number], MessageDescriptor>;

export const RESOURCE_CATEGORY_MESSAGES = defineMessages({
  'Articles': { id: 'options.resourceCategory.articles', defaultMessage: 'Articles', description: 'A category of the resource library (filter, submit form, a resource badge)' },
  'Books': { id: 'options.resourceCategory.books', defaultMessage: 'Books', description: 'A category of the resource library (filter, submit form, a resource badge)' },
  'Courses': { id: 'options.resourceCategory.courses', defaultMessage: 'Courses', description: 'A category of the resource library (filter, submit form, a resource badge)' },
  'Podcasts': { id: 'options.resourceCategory.podcasts', defaultMessage: 'Podcasts', description: 'A category of the resource library (filter, submit form, a resource badge)' },
  'Research': { id: 'options.resourceCategory.research', defaultMessage: 'Research', description: 'A category of the resource library (filter, submit form, a resource badge)' },
  'Tools': { id: 'options.resourceCategory.tools', defaultMessage: 'Tools', description: 'A category of the resource library (filter, submit form, a resource badge)' },
  'Videos': { id: 'options.resourceCategory.videos', defaultMessage: 'Videos', description: 'A category of the resource library (filter, submit form, a resource badge)' },
  'Worksheets': { id: 'options.resourceCategory.worksheets', defaultMessage: 'Worksheets', description: 'A category of the resource library (filter, submit form, a resource badge)' },
  'Other': { id: 'options.resourceCategory.other', defaultMessage: 'Other', description: 'A category of the resource library (filter, submit form, a resource badge)' },
}) satisfies Record<(typeof RESOURCE_CATEGORIES)[number], MessageDescriptor>;
