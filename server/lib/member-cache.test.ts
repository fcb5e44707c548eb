// The per-member cache's bounds (docs/decisions/0092, 0098): its forgetting is tested where it is used.
import { describe, expect, it } from 'vitest';
import { createMemberCache } from './member-cache.ts';

describe('createMemberCache', () => {
  it('keeps at most maxViewsPerMember views of one member, the oldest going first', async () => {
    const cache = createMemberCache<string>(60_000, { maxViewsPerMember: 2 });
    let loads = 0;
    const read = (view: string) => cache.read('m1', async () => ({ value: `${view}:${++loads}` }), view);
    expect([await read('a'), await read('b'), await read('c')]).toEqual(['a:1', 'b:2', 'c:3']);
    // 'a' was dropped for 'c'; 'b' and 'c' still answer from memory.
    expect([await read('b'), await read('c'), await read('a')]).toEqual(['b:2', 'c:3', 'a:4']);
  });
});
