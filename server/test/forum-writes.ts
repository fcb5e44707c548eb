// Posts and comments written through the API by a test's members, each expected to be stored (201).
import { expect } from 'vitest';
import type { TestUser } from './factories.ts';
import type { caller } from './http.ts';

type Call = ReturnType<typeof caller>;

/** `post` and `comment` as `author`; the community is read at call time, as test files make it in `beforeAll`. */
export function forumWriter(call: Call, communityId: () => string) {
  return {
    post: async (author: TestUser, content: string, title = 'Consult') => {
      const res = await call('POST', '/api/forumPosts', author, { title, content, communityId: communityId() });
      expect(res.status).toBe(201);
      return res.body as { _id: string; content: string; title: string };
    },
    comment: async (author: TestUser, postId: string, content: string) => {
      const res = await call('POST', `/api/forumPosts/${postId}/comments`, author, { content });
      expect(res.status).toBe(201);
      return res.body as { _id: string; content: string };
    },
  };
}
