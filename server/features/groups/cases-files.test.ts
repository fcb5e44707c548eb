// A consultation case's documents, for every role: the members of the group attach their own uploads (once) and read
// each other's; a visitor, a pending account, an invited therapist who has not accepted, a non-member, an administrator
// and a member who left or was removed read nothing (GET /api/files/{id} answers them 404). Each download by another
// member is in the access audit trail; deleting the group queues the files' bytes for removal.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_ERRORS } from '../../../common/files.ts';
import { GROUP_TEXTS } from '../../../common/groups.ts';
import { queryRows } from '../../db/client.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { createUser, randomLetters, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { uploadFile } from '../../test/multipart.ts';
import { groupWith } from './test-helpers.ts';

let cast: Cast;
const call = caller(() => cast.ctx.app);
// a and b stay; leaver leaves, removed is removed by the facilitator; invited never answers.
let a: TestUser; let b: TestUser; let leaver: TestUser; let removed: TestUser; let invited: TestUser;
let groupId: string; let caseId: string;

async function upload(user: TestUser, filename: string, bytes: Buffer): Promise<string> {
  const res = await uploadFile(cast.ctx.app, user, '/api/files', { filename, bytes });
  if (res.status !== 201) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}
const text = (user: TestUser, words = `Scoring sheet ${randomLetters()}`) => upload(user, 'scores.txt', Buffer.from(words));
const png = () => sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();

const filesUrl = (c = caseId) => `/api/groups/${groupId}/cases/${c}/files`;
const attach = (user: TestUser | undefined, fileIds: string[], c = caseId) => call('POST', filesUrl(c), user, { fileIds });
const download = (user: TestUser | undefined, id: string, thumbnail = false) => cast.ctx.app.inject({
  method: 'GET', url: `/api/files/${id}${thumbnail ? '/thumbnail' : ''}`, headers: user?.headers ?? {},
});
const CASE = () => ({
  presentingConcern: `Sleep problems after a move ${randomLetters()}`, ageGroup: 'Adults', context: 'Six sessions so far.',
  question: 'Which sleep diary would you use?',
});

beforeAll(async () => {
  cast = await createCast({ ana: 'Ana Facilitator', ben: 'Ben Outsider' });
  [a, b, leaver, removed, invited] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(cast.ctx.db)));
  groupId = await groupWith(call, cast.ana, [a, b, leaver, removed]);
  expect((await call('POST', `/api/groups/${groupId}/invitations`, cast.ana, { userId: invited.id })).status).toBe(201);
  caseId = (await call('POST', `/api/groups/${groupId}/cases`, a, CASE())).body._id;
}, 120_000);
afterAll(() => cast?.ctx.close());

describe('documents of a consultation case', () => {
  let textId: string; let imageId: string;

  it('a member attaches their uploads; every member lists and downloads them', async () => {
    textId = await text(a, 'Sleep diary totals: 41 of 60');
    imageId = await upload(a, 'chart.png', await png());
    const res = await attach(a, [textId, imageId]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Both were attached in one statement: their order between them is not asserted.
    expect(res.body.files.map((f: { _id: string }) => f._id).sort()).toEqual([textId, imageId].sort());
    expect(res.body.files.find((f: { _id: string }) => f._id === imageId)).toMatchObject({ kind: 'image', thumbnailUrl: `/api/files/${imageId}/thumbnail` });
    for (const member of [a, b, cast.ana, leaver, removed]) {
      expect((await call('GET', filesUrl(), member)).body.files).toHaveLength(2);
      const got = await download(member, textId);
      expect(got.statusCode).toBe(200);
      expect(got.body).toBe('Sleep diary totals: 41 of 60');
      expect((await download(member, imageId, true)).statusCode).toBe(200);
    }
  });

  it('records each download by another member in the access audit trail, not the owner\'s own', async () => {
    const entries = async (actor: TestUser) => queryRows<{ member_id: string; detail: Record<string, unknown> }>(cast.ctx.db, sql`
      SELECT member_id, detail FROM audit_log WHERE action = 'file.download' AND actor_id = ${actor.id} AND target_id = ${textId}`);
    const mine = await entries(b);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ member_id: a.id, detail: { via: 'case', caseId, commentId: null } });
    expect(await entries(a)).toHaveLength(0);
  });

  it('only the owner attaches a file, and only once', async () => {
    const bens = await text(b);
    expect((await attach(a, [bens])).body).toEqual({ msg: FILE_ERRORS.notFound, code: 'NOT_FOUND' });
    expect((await attach(b, [bens])).status).toBe(201);
    const again = await attach(b, [bens]);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(FILE_ERRORS.alreadyAttached);
    // Not on another case either, nor with a comment.
    const other = (await call('POST', `/api/groups/${groupId}/cases`, b, CASE())).body._id as string;
    expect((await attach(b, [bens], other)).status).toBe(409);
    expect((await call('POST', `/api/groups/${groupId}/cases/${other}/comments`, b, { body: 'See the sheet.', attachmentIds: [bens] })).status).toBe(409);
    // At most 5 at a time; none is a bad request.
    expect((await attach(b, [])).status).toBe(400);
    expect((await attach(b, Array.from({ length: 6 }, () => crypto.randomUUID()))).status).toBe(400);
  });

  it('a comment and a new case carry their author\'s files; they are among the case\'s documents', async () => {
    const fileId = await text(b);
    const commented = await call('POST', `/api/groups/${groupId}/cases/${caseId}/comments`, b, { body: 'Here is the diary I use.', attachmentIds: [fileId] });
    expect(commented.status, JSON.stringify(commented.body)).toBe(201);
    const comment = commented.body.comments.find((k: { attachments: { _id: string }[] }) => k.attachments.length);
    expect(comment.attachments.map((f: { _id: string }) => f._id)).toEqual([fileId]);
    expect((await call('GET', filesUrl(), a)).body.files.map((f: { _id: string }) => f._id)).toContain(fileId);
    expect((await download(a, fileId)).statusCode).toBe(200);
    const [entry] = await queryRows<{ detail: Record<string, unknown> }>(cast.ctx.db, sql`
      SELECT detail FROM audit_log WHERE action = 'file.download' AND actor_id = ${a.id} AND target_id = ${fileId}`);
    expect(entry.detail).toMatchObject({ via: 'case', caseId, commentId: comment._id });

    const withFile = await text(a);
    const created = await call('POST', `/api/groups/${groupId}/cases`, a, { ...CASE(), attachmentIds: [withFile] });
    expect(created.status).toBe(201);
    expect((await call('GET', filesUrl(created.body._id), b)).body.files.map((f: { _id: string }) => f._id)).toEqual([withFile]);
  });

  it('a comment\'s files read back in the order the member attached them, every time', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await text(b, `Handout part ${i} ${randomLetters()}`));
    const commented = await call('POST', `/api/groups/${groupId}/cases/${caseId}/comments`, b, { body: `Five parts ${randomLetters()}`, attachmentIds: ids });
    expect(commented.status, JSON.stringify(commented.body)).toBe(201);
    const inOrder = (comments: { attachments: { _id: string }[] }[]) => comments.find((k) => k.attachments.length === 5)!.attachments.map((f) => f._id);
    expect(inOrder(commented.body.comments)).toEqual(ids);
    for (let read = 0; read < 3; read++) {
      const [found] = (await call('GET', `/api/groups/${groupId}`, a)).body.cases.filter((c: { _id: string }) => c._id === caseId);
      expect(inOrder(found.comments)).toEqual(ids);
    }
  });

  it('a visitor, a pending account, an invited therapist, a non-member and an administrator read nothing (404 for the files)', async () => {
    expect((await call('GET', filesUrl())).status).toBe(401);
    expect((await download(undefined, textId)).statusCode).toBe(401);
    expect((await call('GET', filesUrl(), cast.pending)).status).toBe(403);
    expect((await download(cast.pending, textId)).statusCode).toBe(403);
    for (const outsider of [invited, cast.ben, cast.admin]) {
      expect((await call('GET', filesUrl(), outsider)).body).toEqual({ msg: GROUP_TEXTS.notMember, code: 'FORBIDDEN' });
      for (const id of [textId, imageId]) {
        const got = await download(outsider, id);
        expect(got.statusCode).toBe(404);
        expect(got.json().msg).toBe(FILE_ERRORS.notFound);
      }
      expect((await download(outsider, imageId, true)).statusCode).toBe(404);
    }
    // A non-member cannot put their own file on the case.
    expect((await attach(cast.ben, [await text(cast.ben)])).status).toBe(403);
    const missing = await call('GET', filesUrl(crypto.randomUUID()), a);
    expect(missing.body).toEqual({ msg: GROUP_TEXTS.caseNotFound, code: 'NOT_FOUND' });
    expect((await call('GET', `/api/groups/${groupId}/cases/not-an-id/files`, a)).status).toBe(400);
  });

  it('a member who leaves, or is removed, loses the documents at once (their own uploads stay theirs)', async () => {
    const own = await text(leaver);
    expect((await attach(leaver, [own])).status).toBe(201);
    expect((await call('DELETE', `/api/groups/${groupId}/members/${leaver.id}`, leaver)).status).toBe(200);
    expect((await call('DELETE', `/api/groups/${groupId}/members/${removed.id}`, cast.ana)).status).toBe(200);
    for (const gone of [leaver, removed]) {
      expect((await call('GET', filesUrl(), gone)).status).toBe(403);
      expect((await download(gone, textId)).statusCode).toBe(404);
      expect((await download(gone, imageId, true)).statusCode).toBe(404);
      expect((await attach(gone, [await text(gone)])).status).toBe(403);
    }
    // As with a chat message after leaving a conversation: what the member shared stays with the group, and theirs.
    expect((await download(leaver, own)).statusCode).toBe(200);
    expect((await download(b, own)).statusCode).toBe(200);
  });

  it('deleting the group deletes its cases\' files and queues their bytes for removal', async () => {
    const ids = (await call('GET', filesUrl(), a)).body.files.map((f: { _id: string }) => f._id) as string[];
    expect((await call('DELETE', `/api/groups/${groupId}`, cast.ana)).status).toBe(200);
    const [left] = await queryRows<{ n: number }>(cast.ctx.db, sql`SELECT count(*)::int AS n FROM files WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`);
    expect(left.n).toBe(0);
    const queued = await queryRows<{ key: string }>(cast.ctx.db, sql`SELECT key FROM file_deletions`);
    expect(queued.map((q) => q.key)).toEqual(expect.arrayContaining([...ids, `${imageId}.thumb`]));
    expect((await download(a, textId)).statusCode).toBe(404);
  });
});
