import { createIntl, type MessageDescriptor } from 'react-intl';
import { describe, expect, it } from 'vitest';
import frCA from '../../../common/i18n/lang/fr-CA.json' with { type: 'json' };
import type { SystemLine } from '../../../common/chat.ts';
import { AGE_GROUP_MESSAGES, SESSION_FORMAT_MESSAGES } from '../../lib/option-messages/short-lists.ts';
import { SPECIALTY_MESSAGES } from '../../lib/option-messages/specialties.ts';
import { systemLineText } from './system-line.ts';

const english = createIntl({ locale: 'en', messages: {} });
const french = createIntl({ locale: 'fr-CA', messages: frCA });
const labelsIn = (intl: typeof english) => {
  const of = (messages: Record<string, MessageDescriptor>) => (value: string) => (value in messages ? intl.formatMessage(messages[value]) : value);
  return { ageGroup: of(AGE_GROUP_MESSAGES), specialty: of(SPECIALTY_MESSAGES), sessionFormat: of(SESSION_FORMAT_MESSAGES) };
};
const line = (system: SystemLine, text = '') => ({ text, system });

describe('a chat system line in the reader\'s language', () => {
  const added = line({ code: 'added', values: { actor: 'Amara Osei', member: 'Ben Lund' }, people: { actor: 'a', member: 'b' } });

  it('says a line written as a code and values in English exactly as the server writes its text', () => {
    expect(systemLineText(english, labelsIn(english), added)).toBe('Amara Osei added Ben Lund');
    expect(systemLineText(english, labelsIn(english), line({ code: 'renamed', values: { actor: 'Amara Osei', title: 'Jeudi' } })))
      .toBe('Amara Osei renamed the conversation to “Jeudi”');
    expect(systemLineText(english, labelsIn(english), line({ code: 'unnamed', values: { actor: 'Amara Osei' } })))
      .toBe('Amara Osei removed the conversation\'s name');
  });

  it('says it in French for a French reader, with members\' current names and the needs\' labels', () => {
    expect(systemLineText(french, labelsIn(french), added)).toBe('Amara Osei a ajouté Ben Lund');
    expect(systemLineText(french, labelsIn(french), added, new Map([['b', 'Ben Lund-Roy']]))).toBe('Amara Osei a ajouté Ben Lund-Roy');
    const referral = line({
      code: 'referralAccepted', values: { ageGroup: 'Teen', concerns: ['Anxiety', 'Panic Disorder'], sessionFormats: ['Online'], region: 'ON' },
    });
    expect(systemLineText(english, labelsIn(english), referral))
      .toBe('Referral accepted: Teen · Anxiety, Panic Disorder · Online · ON. Use this conversation to arrange the hand-off.');
    expect(systemLineText(french, labelsIn(french), referral))
      .toBe('Orientation acceptée : Adolescents · Anxiété, Trouble panique · En ligne · ON. Utilisez cette conversation pour organiser le transfert.');
  });

  it('shows an older line, stored as English text, as it is', () => {
    expect(systemLineText(french, labelsIn(french), { text: 'Amara Osei started the conversation' })).toBe('Amara Osei started the conversation');
  });
});
