import { describe, expect, it } from 'vitest';
import { timeAgo } from './time.ts';
import { plural } from './words.ts';

describe('one relative-time style and counted nouns', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const ago = (seconds: number) => timeAgo(new Date(now.getTime() - seconds * 1000), now);

  it('says "just now" rather than "0 seconds ago", then the compact units', () => {
    expect(ago(0)).toBe('just now');
    expect(ago(4)).toBe('just now');
    expect(ago(6)).toBe('6s ago');
    expect(ago(60)).toBe('1m ago');
    expect(ago(3 * 3600)).toBe('3h ago');
    expect(ago(2 * 86400)).toBe('2d ago');
    expect(ago(40 * 86400)).toBe('1mo ago');
    expect(ago(400 * 86400)).toBe('1y ago');
  });

  it('treats a clock a little ahead of the server as now', () => {
    expect(ago(-30)).toBe('just now');
  });

  it('puts plurals right', () => {
    expect(plural(1, 'post')).toBe('1 post');
    expect(plural(0, 'post')).toBe('0 posts');
    expect(plural(3, 'reply', 'replies')).toBe('3 replies');
  });
});
