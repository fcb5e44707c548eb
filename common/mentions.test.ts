import { describe, expect, it } from 'vitest';
import { MENTIONS_PER_TEXT_MAX, mentionMarkup, mentionedIds, plainMentions, splitMentions } from './mentions.ts';
import { isTimeZone } from './notifications.ts';

const A = '0b6f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const B = '1c7a9b4f-2d3e-4f60-9bac-1d2e3f4a5b6c';

describe('mention markup', () => {
  it('round-trips a chosen member through the markup', () => {
    const text = `Thanks ${mentionMarkup('Amara Okafor', A)} and ${mentionMarkup('Li [Wei]', B.toUpperCase())}!`;
    expect(text).toContain(`@[Amara Okafor](user:${A})`);
    expect(mentionedIds(text)).toEqual([A, B]);
    expect(splitMentions(text)).toEqual([
      { kind: 'text', text: 'Thanks ' },
      { kind: 'mention', name: 'Amara Okafor', userId: A },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', name: 'Li Wei', userId: B },
      { kind: 'text', text: '!' },
    ]);
    expect(plainMentions(text)).toBe('Thanks @Amara Okafor and @Li Wei!');
  });

  it('ignores look-alikes and repeats, and caps the count', () => {
    expect(mentionedIds(`@[X](user:not-a-uuid) [Y](user:${A}) @[](user:${A})`)).toEqual([]);
    expect(mentionedIds(`${mentionMarkup('A', A)} ${mentionMarkup('A again', A)}`)).toEqual([A]);
    const many = Array.from({ length: 30 }, (_, i) => mentionMarkup('M', `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`)).join(' ');
    expect(mentionedIds(many)).toHaveLength(MENTIONS_PER_TEXT_MAX);
  });

  it('keeps plain text whole', () => {
    expect(splitMentions('no mentions @here')).toEqual([{ kind: 'text', text: 'no mentions @here' }]);
    expect(splitMentions('')).toEqual([]);
  });
});

describe('time zones', () => {
  it('accepts IANA names and refuses the rest', () => {
    for (const name of ['Europe/London', 'America/Argentina/Buenos_Aires', 'UTC', 'Asia/Kolkata']) expect(isTimeZone(name)).toBe(true);
    for (const name of ['', 'Mars/Olympus', '+01:00', 'Europe/London; DROP', '../etc', 'x'.repeat(80)]) expect(isTimeZone(name)).toBe(false);
  });
});
