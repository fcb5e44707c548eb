import { describe, expect, it } from 'vitest';
import { titleFor } from './titles.ts';

describe('screen titles', () => {
  it('names each screen', () => {
    expect(titleFor('/forums')).toBe('Forums · Thera Root');
    expect(titleFor('/community/abc/post/def')).toBe('Post · Thera Root');
    expect(titleFor('/chat/123')).toBe('Chat · Thera Root');
    expect(titleFor('/chat')).toBe('Chat · Thera Root');
    expect(titleFor('/admin/audit')).toBe('Audit log · Admin · Thera Root');
    expect(titleFor('/settings/privacy')).toBe('Settings · Thera Root');
  });

  it('falls back to the product name', () => {
    expect(titleFor('/no/such/screen')).toBe('Thera Root');
  });
});
