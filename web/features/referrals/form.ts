// The referral form's values and the checks made before sending (the server makes them again).
import { REFERRAL_TEXTS, type Urgency } from '../../../common/referrals.ts';
import type { NeedsQuery } from './api.ts';

export type NeedsForm = NeedsQuery & { urgency: Urgency; neededBy: string; note: string };

export const EMPTY_NEEDS: NeedsForm = {
  ageGroup: null, concerns: [], modalities: [], sessionFormats: [], region: null, languages: [], feeModels: [],
  urgency: 'routine', neededBy: '', note: '',
};

export type Errors = Partial<Record<keyof NeedsForm | 'audience', string>>;

/** Today in the member's own calendar, YYYY-MM-DD: the earliest "needed by". */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** What the server would refuse, checked first so the member hears it beside the field. */
export function check(form: NeedsForm, recipients: string[], toBoard: boolean, now = new Date()): Errors {
  const errors: Errors = {};
  if (!form.ageGroup) errors.ageGroup = 'Choose the client\'s age group.';
  if (!form.region) errors.region = 'Choose where the client lives.';
  if (!form.concerns.length) errors.concerns = 'Choose at least one concern.';
  if (!form.sessionFormats.length) errors.sessionFormats = 'Choose at least one session format.';
  // YYYY-MM-DD strings compare as dates.
  if (form.neededBy && form.neededBy < today(now)) errors.neededBy = REFERRAL_TEXTS.neededByPast;
  if (!recipients.length && !toBoard) errors.audience = REFERRAL_TEXTS.noAudience;
  return errors;
}

/** The fields the suggestions are ranked by. */
export const needsOf = (f: NeedsForm): NeedsQuery => ({
  ageGroup: f.ageGroup, concerns: f.concerns, modalities: f.modalities, sessionFormats: f.sessionFormats,
  region: f.region, languages: f.languages, feeModels: f.feeModels,
});
