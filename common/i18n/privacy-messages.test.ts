// The guard's catalogue messages say in English exactly what common/privacy-check.ts's texts say (the web app's
// forms still show those), for every kind of finding and every subject.
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { FINDING_WORDS, FORUM_PRIVACY_TEXTS, PRIVACY_TEXTS, type FindingKind } from '../privacy-check.ts';
import { PRIVACY_MESSAGES } from './privacy-messages.ts';

const english = (message: { defaultMessage: string }, values: Record<string, string>) => new IntlMessageFormat(message.defaultMessage, 'en').format(values);
const KINDS = Object.keys(FINDING_WORDS) as FindingKind[];

describe('the privacy guard\'s messages', () => {
  it.each(['note', 'message', 'post', 'comment', 'presenting concern'])('read in English as the forms\' texts: %s', (subject) => {
    for (const kind of KINDS) {
      expect(english(PRIVACY_MESSAGES.refused, { subject, kind })).toBe(PRIVACY_TEXTS.refused(subject, FINDING_WORDS[kind]));
      expect(english(PRIVACY_MESSAGES.forumRefused, { subject, kind })).toBe(FORUM_PRIVACY_TEXTS.refused(subject, FINDING_WORDS[kind]));
      expect(english(PRIVACY_MESSAGES.forumLooksIdentifying, { subject, kind })).toBe(FORUM_PRIVACY_TEXTS.looksIdentifying(subject, FINDING_WORDS[kind]));
    }
    expect(english(PRIVACY_MESSAGES.likelyName, { subject })).toBe(PRIVACY_TEXTS.likelyName(subject));
  });
});
