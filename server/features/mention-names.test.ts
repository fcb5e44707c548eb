// A mention names the member as they are now (decision 0121): never the writer's choice of name, the new name after a
// rename, in every answer that carries the text; a member who left reads "@Deleted member" (no name, no link, no id),
// there and in the writers' exports.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionMarkup } from '../../common/mentions.ts';
import { queryRows } from '../db/client.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createAdmin, createCommunity, createUser, type TestUser } from '../test/factories.ts';
import { forumWriter } from '../test/forum-writes.ts';
import { caller } from '../test/http.ts';
import { EXPORT_SECTIONS, sectionRows } from './privacy/export-sections.ts';

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
/** Everything a reader gets about the post: the post, its comments, the feed, the community's list and search. */
const everywhere = async (reader: TestUser, postId: string) => JSON.stringify(await Promise.all([
  call('GET', `/api/forumPosts/${postId}`, reader),
  call('GET', `/api/forumPosts/${postId}/comments`, reader),
  call('GET', '/api/forumPosts/feed', reader),
  call('GET', `/api/forumPosts/community/${communityId}`, reader),
  call('GET', '/api/notifications', reader),
].map(async (answer) => {
  const { status, body } = await answer;
  expect(status).toBe(200);
  return body;
})));

describe('the name inside a mention', () => {
  it('is the member\'s own when written, whatever the writer put; an id that is nobody\'s is plain text', async () => {
    const ben = await createUser(ctx.db, { name: 'Ben Real' });
    const nobody = crypto.randomUUID();
    const forged = `Ask @[Chief Administrator](user:${ben.id.toUpperCase()}) or @[Support Team](user:${nobody})`;
    const written = await post(ana, forged, `Title for @[Chief Administrator](user:${ben.id})`);
    expect(written.content).toBe(`Ask ${mentionMarkup('Ben Real', ben.id)} or @Support Team`);
    expect(written.title).toBe(`Title for ${mentionMarkup('Ben Real', ben.id)}`);
    expect((await comment(ana, written._id, `cc @[Chief Administrator](user:${ben.id})`)).content).toBe(`cc ${mentionMarkup('Ben Real', ben.id)}`);
    const edited = await call('PUT', `/api/forumPosts/${written._id}`, ana, { title: 'Consult', content: `Edited @[Boss](user:${ben.id})` });
    expect(edited.body.content).toBe(`Edited ${mentionMarkup('Ben Real', ben.id)}`);
    // Ben is told under his own name's markup, and the stored text holds no chosen name.
    const stored = await queryRows<{ content: string }>(ctx.db, sql`SELECT content FROM posts WHERE id = ${written._id}`);
    expect(stored[0].content).not.toContain('Chief Administrator');
  });

  it('follows an approved name change everywhere the text is served, cached pages included', async () => {
    const ben = await createUser(ctx.db, { name: 'Ben Before' });
    const reader = await createUser(ctx.db);
    const written = await post(ana, `Thanks ${mentionMarkup('Ben Before', ben.id)}!`, `About ${mentionMarkup('Ben Before', ben.id)}`);
    await comment(ana, written._id, `Again ${mentionMarkup('Ben Before', ben.id)}`);
    await comment(reader, written._id, `Mentioning ${mentionMarkup('Ben Before', ben.id)} too`);
    expect(await everywhere(reader, written._id)).toContain('Ben Before');

    expect((await call('PUT', '/api/users/me', ben, { name: 'Ben After' })).status).toBe(200);
    expect((await call('PATCH', `/api/admin/verifications/${ben.id}/name`, admin, { approved: true })).status).toBe(200);
    const seen = await everywhere(reader, written._id);
    expect(seen).not.toContain('Ben Before');
    expect(seen).toContain(mentionMarkup('Ben After', ben.id));
    const own = await everywhere(ben, written._id);
    expect(own).not.toContain('Ben Before');
  });

  it('follows a name an administrator changes at once (no review)', async () => {
    const other = await createAdmin(ctx.db, { name: 'Old Admin Name' });
    const written = await post(ana, `Ping ${mentionMarkup('Old Admin Name', other.id)}`);
    expect((await call('PUT', '/api/users/me', other, { name: 'New Admin Name' })).status).toBe(200);
    expect((await call('GET', `/api/forumPosts/${written._id}`, ana)).body.content).toBe(`Ping ${mentionMarkup('New Admin Name', other.id)}`);
  });
});

describe('migration 0170: texts stored before', () => {
  it('are brought to the current names, "@Deleted member" and plain text for nobody', async () => {
    const dee = await createUser(ctx.db, { name: 'Dee (Current) Name' });
    const gone = await createUser(ctx.db, { name: 'Gone Member' });
    await ctx.db.execute(sql`UPDATE users SET name = 'Deleted member', deleted_at = now() WHERE id = ${gone.id}`);
    const nobody = crypto.randomUUID();
    const old = `Hi @[Chief Administrator](user:${dee.id.toUpperCase()}), @[Gone Member](user:${gone.id}) and @[Someone](user:${nobody}).`;
    const [row] = await queryRows<{ id: string }>(ctx.db, sql`
      INSERT INTO posts (author_id, title, content) VALUES (${ana.id}, 'Old', ${old}) RETURNING id`);
    const file = path.join(import.meta.dirname, '../db/migrations/0170_mention_names.sql');
    for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await ctx.db.execute(sql.raw(statement));
    }
    const [after] = await queryRows<{ content: string }>(ctx.db, sql`SELECT content FROM posts WHERE id = ${row.id}`);
    expect(after.content).toBe(`Hi ${mentionMarkup('Dee (Current) Name', dee.id)}, @Deleted member and @Someone.`);
  });
});

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

