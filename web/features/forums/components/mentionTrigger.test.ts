import { describe, expect, it } from 'vitest';
import { findMentionTrigger, insertMention } from './mentionTrigger.ts';

describe('mention trigger', () => {
  it('finds the "@" and the name typed after it, up to the caret', () => {
    expect(findMentionTrigger('Thanks @Am', 10)).toEqual({ start: 7, query: 'Am' });
    expect(findMentionTrigger('@', 1)).toEqual({ start: 0, query: '' });
    expect(findMentionTrigger('Hi @Amara Ok', 12)).toEqual({ start: 3, query: 'Amara Ok' });
    expect(findMentionTrigger('(@li', 4)).toEqual({ start: 1, query: 'li' });
  });

  it('ignores an address, a finished mention and text past two words', () => {
    expect(findMentionTrigger('mail me@example.org', 19)).toBeNull();
    expect(findMentionTrigger('@[Amara](user:x) ', 17)).toBeNull();
    expect(findMentionTrigger('@Amara said hello', 17)).toBeNull();
    expect(findMentionTrigger('Thanks @Am and', 9)).toEqual({ start: 7, query: 'A' });
  });

  it('replaces the typed "@query" with the markup and moves the caret after it', () => {
    const text = 'Thanks @Am, agreed';
    const trigger = findMentionTrigger(text, 10)!;
    expect(insertMention(text, trigger, 10, '@[Amara Okafor](user:1)')).toEqual({
      text: 'Thanks @[Amara Okafor](user:1), agreed', caret: 30,
    });
    expect(insertMention('@Li', { start: 0, query: 'Li' }, 3, '@[Liam Chen](user:2)')).toEqual({ text: '@[Liam Chen](user:2) ', caret: 21 });
  });
});
