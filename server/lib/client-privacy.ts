// The client-privacy guard on the server: every free text that other members read about a client (a referral's note,
// a recipient's answer, a board offer's message) is refused when it holds an identifying detail. A name the guard is
// only fairly sure of may be sent when the member confirms it is not one; nothing else can be confirmed.
import { PRIVACY_MESSAGES } from '../../common/i18n/privacy-messages.ts';
import { onlyLikelyNames } from '../../common/privacy-check.ts';
import { findIdentifiers } from '../../common/privacy-guard/index.ts';
import { AppError } from './errors.ts';
import { localText } from './i18n.ts';

/** `subject` names the text in the refusal ("note", "message"). */
export function refuseIdentifyingText(text: string, subject: string, confirmLikelyName = false): void {
  const findings = findIdentifiers(text);
  if (!findings.length) return;
  if (onlyLikelyNames(findings)) {
    if (confirmLikelyName) return;
    throw new AppError(400, 'LIKELY_NAME', localText(PRIVACY_MESSAGES.likelyName, { subject }));
  }
  const first = findings.find((f) => f.kind !== 'name' || f.certainty === 'certain') ?? findings[0];
  throw new AppError(400, 'IDENTIFYING_TEXT', localText(PRIVACY_MESSAGES.refused, { subject, kind: first.kind }));
}
