import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './next-path.ts';

describe('returning to a protected address after signing in', () => {
  it('keeps the address and its query', () => {
    expect(loginPathFor('/verification', '')).toBe('/login?next=%2Fverification');
    expect(safeNextPath(decodeURIComponent('%2Fchat%2F1%3Fa%3Db'))).toBe('/chat/1?a=b');
  });

  it('never leaves the site', () => {
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeNextPath(bad)).toBe('/');
    }
  });
});
