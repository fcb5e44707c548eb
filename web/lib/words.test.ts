import { describe, expect, it } from 'vitest';
import { plural } from './words.ts';

describe('counted nouns', () => {
  it('puts plurals right', () => {
    expect(plural(1, 'post')).toBe('1 post');
    expect(plural(0, 'post')).toBe('0 posts');
    expect(plural(3, 'reply', 'replies')).toBe('3 replies');
  });
});
