// The referral form's values and the checks made before sending (the server makes them again).
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import type { Urgency } from '../../../common/referrals.ts';
import type { NeedsQuery } from './api.ts';

export type NeedsForm = NeedsQuery & { urgency: Urgency; neededBy: string; note: string };

export const EMPTY_NEEDS: NeedsForm = {
  ageGroup: null, concerns: [], modalities: [], sessionFormats: [], region: null, languages: [], feeModels: [],
  urgency: 'routine', neededBy: '', note: '',
};

/** Each field's problem, as a message the form words in the member's language. */
export type Errors = Partial<Record<keyof NeedsForm | 'audience', MessageDescriptor>>;

const m = withValues(defineMessages({
  ageGroup: { id: 'referrals.form.chooseAgeGroup', defaultMessage: 'Choose the client\'s age group.', description: 'Error beside the age group field of the referral form: none chosen.' },
  region: { id: 'referrals.form.chooseRegion', defaultMessage: 'Choose where the client lives.', description: 'Error beside the province or state field of the referral form: none chosen.' },
  concerns: { id: 'referrals.form.chooseConcern', defaultMessage: 'Choose at least one concern.', description: 'Error beside the concerns field of the referral form: none chosen.' },
  sessionFormats: { id: 'referrals.form.chooseSessionFormat', defaultMessage: 'Choose at least one session format.', description: 'Error beside the session formats of the referral form (in person, online...): none chosen.' },
  neededByPast: { id: 'referrals.form.neededByPast', defaultMessage: 'The date needed by cannot be in the past.', description: 'Error beside the "needed by" date of the referral form: a day before today. Same words as the server\'s refusal.' },
  noAudience: { id: 'referrals.form.noAudience', defaultMessage: 'Choose at least one therapist or post the request to the board.', description: 'Error of the referral form: no therapist chosen and not posted to the board. Same words as the server\'s refusal.' },
}));

/** Today in the member's own calendar, YYYY-MM-DD: the earliest "needed by". */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** What the server would refuse, checked first so the member hears it beside the field. */
export function check(form: NeedsForm, recipients: string[], toBoard: boolean, now = new Date()): Errors {
  const errors: Errors = {};
  if (!form.ageGroup) errors.ageGroup = m.ageGroup;
  if (!form.region) errors.region = m.region;
  if (!form.concerns.length) errors.concerns = m.concerns;
  if (!form.sessionFormats.length) errors.sessionFormats = m.sessionFormats;
  // YYYY-MM-DD strings compare as dates.
  if (form.neededBy && form.neededBy < today(now)) errors.neededBy = m.neededByPast;
  if (!recipients.length && !toBoard) errors.audience = m.noAudience;
  return errors;
}

/** The fields the suggestions are ranked by. */
export const needsOf = (f: NeedsForm): NeedsQuery => ({
  ageGroup: f.ageGroup, concerns: f.concerns, modalities: f.modalities, sessionFormats: f.sessionFormats,
  region: f.region, languages: f.languages, feeModels: f.feeModels,
});
