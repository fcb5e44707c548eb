// A mention of a member who left reads "@Deleted member" (decision 0121): no name, no link, no id, in every answer that
// carries others' texts (the post, its comments, the feed, the community's list, search) and in the writers' exports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionMarkup } from '../../../common/mentions.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { forumWriter } from '../../test/forum-writes.ts';
import { caller } from '../../test/http.ts';
import { EXPORT_SECTIONS, sectionRows } from './export-sections.ts';

let ctx: TestContext;
let ana: TestUser;
let admin: TestUser;
let communityId: string;
const call = caller(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  ana = await createUser(ctx.db, { name: 'Ana Writer' });
  admin = await createAdmin(ctx.db, { name: 'Ada Admin' });
  communityId = (await createCommunity(ctx.db, {}, [ana.id])).id;
});
afterAll(() => ctx.close());

const { post, comment } = forumWriter(call, () => communityId);
const everywhere = async (reader: TestUser, postId: string) => JSON.stringify(await Promise.all([
  call('GET', `/api/forumPosts/${postId}`, reader),
  call('GET', `/api/forumPosts/${postId}/comments`, reader),
  call('GET', '/api/forumPosts/feed', reader),
  call('GET', `/api/forumPosts/community/${communityId}`, reader),
].map(async (answer) => {
  const { status, body } = await answer;
  expect(status).toBe(200);
  return body;
})));

const exportedTexts = async (user: TestUser) => {
  const rows: object[] = [];
  for (const section of EXPORT_SECTIONS.filter((s) => ['posts.json', 'comments.json'].includes(s.file))) {
    for await (const row of sectionRows(ctx.db, section, user.id)) rows.push(row);
  }
  return rows;
};

describe('a mention of a member who left', () => {
  it.each(['by an administrator', 'by themselves'])('reads "@Deleted member", without their name or id, deleted %s', async (how) => {
    const cai = await createUser(ctx.db, { name: 'Cai Departing' });
    const reader = await createUser(ctx.db);
    const written = await post(ana, `Referred by ${mentionMarkup('Cai Departing', cai.id)}`, `For ${mentionMarkup('Cai Departing', cai.id)}`);
    await comment(reader, written._id, `Agree with ${mentionMarkup('Cai Departing', cai.id)}`);
    const deleted = how === 'by themselves'
      ? await call('DELETE', '/api/users/me', cai, { password: cai.password })
      : await call('DELETE', `/api/admin/users/${cai.id}`, admin, { deleteContent: false });
    expect(deleted.status).toBe(200);

    const seen = await everywhere(reader, written._id);
    expect(seen).not.toContain('Cai Departing');
    expect(seen).not.toContain(cai.id);
    expect(seen).toContain('Referred by @Deleted member');
    expect(seen).toContain('Agree with @Deleted member');
    // A new text naming them gets the same.
    expect((await post(ana, `Still ${mentionMarkup('Cai Departing', cai.id)}`)).content).toBe('Still @Deleted member');
    const search = await call('GET', `/api/forumPosts/search?query=${encodeURIComponent('Departing')}`, reader);
    expect(JSON.stringify(search.body)).not.toContain('Cai Departing');
    // The writers' own exports (the posts and comments sections, read as the export reads them).
    for (const writer of [ana, reader]) {
      const exported = JSON.stringify(await exportedTexts(writer));
      expect(exported).toContain('@Deleted member');
      expect(exported).not.toContain('Cai Departing');
      expect(exported).not.toContain(cai.id);
    }
  });
});

