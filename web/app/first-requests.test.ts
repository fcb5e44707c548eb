import { describe, expect, it } from 'vitest';
import { conversationsUrl } from '../features/chat/api.ts';
import { postListUrl } from '../features/forums/api.ts';
import { directoryUrl } from '../features/therapists/api.ts';
import { EMPTY_FILTERS } from '../features/therapists/filters.ts';
import { firstRequests } from './first-requests.ts';

// A started request is only used when the screen asks for the very same path; these are the screens' own builders.
describe('firstRequests', () => {
  it('asks what each screen asks first, with the session check', () => {
    expect(firstRequests('/forums', '')).toEqual(['/api/users/me', postListUrl({ sort: 'latest' })]);
    expect(firstRequests('/therapists', '')).toEqual(['/api/users/me', directoryUrl(EMPTY_FILTERS)]);
    expect(firstRequests('/chat', '')).toEqual(['/api/users/me', conversationsUrl()]);
    expect(firstRequests('/chat/abc', '')).toEqual(['/api/users/me', conversationsUrl()]);
  });

  it('starts only the session check for a filtered list or another screen', () => {
    expect(firstRequests('/forums', '?q=grief')).toEqual(['/api/users/me']);
    expect(firstRequests('/therapists', '?specialties=Anxiety')).toEqual(['/api/users/me']);
    expect(firstRequests('/settings', '')).toEqual(['/api/users/me']);
  });
});
