// The directory's and profile's words used by more than one of their screens (docs/decisions/0260): the names of a
// profile's fields, as labels of the edit form, the filters and the profile's description lists.
import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const fieldMessages = defineMessages({
  name: { id: 'therapists.field.name', defaultMessage: 'Name', description: 'A profile field: the therapist\'s name' },
  profession: { id: 'therapists.field.profession', defaultMessage: 'Profession', description: 'A profile field: the therapist\'s profession' },
  education: { id: 'therapists.field.education', defaultMessage: 'Education', description: 'A profile field: degrees and schools' },
  location: { id: 'therapists.field.location', defaultMessage: 'Location', description: 'A profile field and directory filter: where the therapist practises' },
  specialties: { id: 'therapists.field.specialties', defaultMessage: 'Specialties', description: 'A profile field and directory filter: the therapist\'s specialties' },
  modalities: { id: 'therapists.field.modalities', defaultMessage: 'Modalities', description: 'A profile field and directory filter: the types of therapy offered' },
  ageGroups: { id: 'therapists.field.ageGroups', defaultMessage: 'Age groups', description: 'A profile field and directory filter: the clients\' age groups' },
  sessionFormat: { id: 'therapists.field.sessionFormat', defaultMessage: 'Session format', description: 'A profile field and directory filter: in person, online...' },
  gender: { id: 'therapists.field.gender', defaultMessage: 'Gender', description: 'A profile field: the therapist\'s gender' },
  languages: { id: 'therapists.field.languages', defaultMessage: 'Languages', description: 'A profile field and directory filter: languages sessions are offered in' },
  feeModels: { id: 'therapists.field.feeModels', defaultMessage: 'Fee models', description: 'A profile field and directory filter: private pay, sliding scale, insurance' },
  feePerSession: { id: 'therapists.field.feePerSession', defaultMessage: 'Fee per session', description: 'A profile field: the price of one session with a client' },
  insurers: { id: 'therapists.field.insurers', defaultMessage: 'Insurers', description: 'A profile field: insurance companies the therapist works with' },
  website: { id: 'therapists.field.website', defaultMessage: 'Website', description: 'A profile field: the therapist\'s web site' },
  availability: { id: 'therapists.field.availabilityForReferrals', defaultMessage: 'Availability for referrals', description: 'Heading of the profile section on taking new clients' },
  noMatchingOption: { id: 'therapists.field.noMatchingOption', defaultMessage: 'No matching option', description: 'A list of options filtered by what was typed has nothing left' },
  back: { id: 'therapists.back', defaultMessage: 'Back', description: 'Button: go back to the previous screen' },
  clearFilters: { id: 'therapists.directory.clearFilters', defaultMessage: 'Clear filters', description: 'Button: remove every directory filter' },
});

export const characterCount = defineMessage<{ count: MessageValue; max: MessageValue }>({ id: 'therapists.field.characterCount', defaultMessage: '{count} / {max} characters', description: 'Under a text box: characters typed out of the most allowed' });
