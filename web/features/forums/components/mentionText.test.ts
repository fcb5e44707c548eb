import { describe, expect, it } from 'vitest';
import { markupFromDisplay, mentionDisplay, mentionEndingAt, mentionsIn } from './mentionText.ts';

const AMARA = { name: 'Amara Okafor', userId: '11111111-1111-4111-8111-111111111111' };
const AMARA_2 = { name: 'Amara Okafor', userId: '22222222-2222-4222-8222-222222222222' };
const AM = { name: 'Amara', userId: '33333333-3333-4333-8333-333333333333' };
const tag = (m: typeof AMARA) => `@[${m.name}](user:${m.userId})`;

describe('the mention editor\'s shown text', () => {
  it('shows names, never the markup', () => {
    expect(mentionDisplay(`Thanks ${tag(AMARA)} and ${tag(AM)}!`)).toBe('Thanks @Amara Okafor and @Amara!');
  });

  it('maps the shown text back to the same markup, text typed around the mentions included', () => {
    const markup = `Thanks ${tag(AMARA)}, see ${tag(AM)} too`;
    expect(markupFromDisplay(mentionDisplay(markup), mentionsIn(markup))).toBe(markup);
    expect(markupFromDisplay('Hi @Amara Okafor and @Amara Okafor again', [AMARA])).toBe(`Hi ${tag(AMARA)} and ${tag(AMARA)} again`);
  });

  it('takes the longest name first, and keeps two members of one name in their order', () => {
    expect(markupFromDisplay('@Amara Okafor @Amara', [AM, AMARA])).toBe(`${tag(AMARA)} ${tag(AM)}`);
    expect(markupFromDisplay('@Amara Okafor, @Amara Okafor', [AMARA, AMARA_2])).toBe(`${tag(AMARA)}, ${tag(AMARA_2)}`);
  });

  it('leaves a mention edited into another word as plain text, and an "@" nobody was picked for too', () => {
    expect(markupFromDisplay('@Amara Okafr hi', [AMARA])).toBe('@Amara Okafr hi');
    expect(markupFromDisplay('mail me @home', [AMARA])).toBe('mail me @home');
  });

  it('finds the whole mention that ends at the caret, for Backspace', () => {
    expect(mentionEndingAt('Hi @Amara Okafor', 16, [AMARA])).toEqual({ start: 3, end: 16 });
    expect(mentionEndingAt('Hi @Amara Okafor', 15, [AMARA])).toBeNull();
  });
});
