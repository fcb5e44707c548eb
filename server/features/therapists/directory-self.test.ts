// A signed-in member is left out of the directory in the query, so the count and the pages agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createUser, type TestUser } from '../../test/factories.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
let me: TestUser;
let optedOut: TestUser;
const OTHERS = ['Self Ann', 'Self Bea', 'Self Cal', 'Self Dan', 'Self Eve'];

beforeAll(async () => {
  ctx = await createTestContext();
  for (const name of OTHERS) await createUser(ctx.db, { name, acceptingClients: 'accepting', specialties: ['Grief'] });
  // Sorted in the middle of the others, so leaving them out after paging would leave a hole on page 1.
  me = await createUser(ctx.db, { name: 'Self Bob', acceptingClients: 'accepting', specialties: ['Grief'] });
  optedOut = await createUser(ctx.db, { name: 'Self Zed', listedInDirectory: false, specialties: ['Grief'] });
});
afterAll(async () => {
  await ctx?.close();
});

type Page = { users: { _id: string; name: string }[]; total: number; totalPages: number; currentPage: number };

/** Every page of a search at `limit` 2, as the given member (or signed out). */
async function allPages(query: string, user?: TestUser): Promise<Page[]> {
  const first = (await call('GET', `/api/users?${query}&limit=2&page=1`, user)).body as Page;
  const pages = [first];
  for (let p = 2; p <= first.totalPages; p++) pages.push((await call('GET', `/api/users?${query}&limit=2&page=${p}`, user)).body as Page);
  return pages;
}

describe('the directory leaves the signed-in member out in the query', () => {
  for (const [label, query] of [
    ['unfiltered', 'x=1'], ['filtered by name', 'q=Self'], ['filtered by specialty', 'specialties=Grief'],
    ['filtered by status alone', 'accepting=accepting'],
  ] as const) {
    it(`${label}: the same count on every page, full pages, and never their own card`, async () => {
      const pages = await allPages(query, me);
      const shown = pages.flatMap((p) => p.users.map((u) => u.name));
      expect(shown).toEqual(OTHERS);
      for (const page of pages) expect(page).toMatchObject({ total: 5, totalPages: 3 });
      expect(pages.map((p) => p.users.length)).toEqual([2, 2, 1]);
    });
  }

  it('a visitor and another member still see the member', async () => {
    const visitor = (await allPages('q=Self')).flatMap((p) => p.users.map((u) => u.name));
    expect(visitor).toEqual([...OTHERS.slice(0, 2), 'Self Bob', ...OTHERS.slice(2)]);
    const other = await call('GET', '/api/users?q=Self&limit=20', optedOut);
    expect(other.body.total).toBe(6);
    expect(other.body.users.map((u: { name: string }) => u.name)).toContain('Self Bob');
  });

  it('the shared answers are not spoiled by a member\'s own (cache keyed by who is left out)', async () => {
    const mine = await call('GET', '/api/users?q=Self&limit=20', me);
    const theirs = await call('GET', '/api/users?q=Self&limit=20');
    const mineAgain = await call('GET', '/api/users?q=Self&limit=20', me);
    expect(mine.body.total).toBe(5);
    expect(theirs.body.total).toBe(6);
    expect(mineAgain.body).toEqual(mine.body);
  });

  it('a member outside the results (opted out of the directory) gets the shared answer', async () => {
    const pages = await allPages('specialties=Grief', optedOut);
    expect(pages[0].total).toBe(6);
    expect(pages.flatMap((p) => p.users.map((u) => u.name))).not.toContain('Self Zed');
  });
});
