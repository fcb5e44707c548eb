// Forum posts and comments meet the client-privacy guard as a question, not as the referrals' hard rule
// (docs/decisions/0200): what looks identifying is answered 409 LOOKS_IDENTIFYING with the findings, and the writer
// sends again with `confirmDeidentified: true` once they have checked. Administrators can make it a refusal
// (platform setting forumIdentifyingDetails = 'refuse'). What counts is what the composers warn about: mentions
// blanked, likely names left out (common/privacy-check.ts).
import {
  blankMentions, forumFindings, PRIVACY_CHECK_MAX, type Finding,
} from '../../common/privacy-check.ts';
import { findIdentifiers } from '../../common/privacy-guard/index.ts';
import type { AppContext } from '../context.ts';
import { PRIVACY_MESSAGES } from '../../common/i18n/privacy-messages.ts';
import { AppError } from './errors.ts';
import { localText } from './i18n.ts';
import { readSetting } from './platform-settings.ts';

/** A detail cut at one part's end is whole in the next part, which starts this much earlier. */
const OVERLAP = 200;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * What counts in a forum text of any length. The name tagger costs about 70 ms per thousand characters, so a long post
 * is read in parts of one check's size, giving other requests a turn between parts.
 */
export async function findInForumText(text: string): Promise<Finding[]> {
  const blanked = blankMentions(text);
  const out: Finding[] = [];
  const step = PRIVACY_CHECK_MAX - OVERLAP;
  for (let from = 0; from < blanked.length; from += step) {
    if (from > 0) await nextTurn();
    for (const f of forumFindings(findIdentifiers(blanked.slice(from, from + PRIVACY_CHECK_MAX)))) {
      const found = { ...f, start: f.start + from, end: f.end + from };
      const same = out.find((o) => o.kind === found.kind && found.start < o.end && o.start < found.end);
      if (!same) out.push(found);
      else same.end = Math.max(same.end, found.end);
    }
    if (from + PRIVACY_CHECK_MAX >= blanked.length) break;
  }
  return out;
}

type Guarded = { text: string; subject: 'post' | 'comment'; confirmed: boolean };

/** Throws the forum refusal for `text` (a post's postText, a comment's content), or returns when it may be written. */
export async function guardForumText(ctx: Pick<AppContext, 'db' | 'cache' | 'caches' | 'config'>, { text, subject, confirmed }: Guarded) {
  const mode = await readSetting(ctx, 'forumIdentifyingDetails');
  // Confirmed under the question: nothing to find.
  if (mode === 'confirm' && confirmed) return;
  const findings = await findInForumText(text);
  if (!findings.length) return;
  const values = { subject, kind: findings[0].kind };
  if (mode === 'refuse') throw new AppError(400, 'IDENTIFYING_TEXT', localText(PRIVACY_MESSAGES.forumRefused, values), { findings });
  throw new AppError(409, 'LOOKS_IDENTIFYING', localText(PRIVACY_MESSAGES.forumLooksIdentifying, values), { findings });
}
