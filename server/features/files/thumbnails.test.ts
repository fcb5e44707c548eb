// GET /api/files/{id}/thumbnail with its bytes kept in memory (decision 0375): who may read it is asked of the database
// on every request, so a reader who loses access (removed from the group) or a file that goes (unsent, its group
// deleted) is 404 at once, kept bytes or not; the headers, the ETag and 304 (after the access check); and that the
// node answers from memory once it has read a thumbnail (its stored object gone, it is still served).
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { uploadAs } from './test-helpers.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
let ann: TestUser; let bob: TestUser; let cy: TestUser; let stranger: TestUser; let pending: TestUser; let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  [ann, bob, cy, stranger, admin] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db), createUser(ctx.db), createAdmin(ctx.db)]);
  pending = await createUser(ctx.db, { status: 'pending' });
}, 120_000);
afterAll(() => ctx?.close());

/** A private group of `facilitator`'s that `members` joined (features do not share test helpers). */
async function groupWith(facilitator: TestUser, members: TestUser[]): Promise<string> {
  const created = await call('POST', '/api/groups', facilitator, {
    name: `Thumbnail peers ${Date.now()}`, description: 'Peers who share pictures.', visibility: 'private', maxMembers: 6,
    focus: { specialties: [], modalities: [] },
    schedule: { frequency: 'weekly', weekday: 'Tuesday', time: '19:00', timeZone: 'America/Toronto', durationMinutes: 60, startsOn: '2026-09-01' },
    meetingLink: 'https://meet.example.com/peers',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (const member of members) {
    const invitation = await call('POST', `/api/groups/${created.body._id}/invitations`, facilitator, { userId: member.id });
    expect((await call('PATCH', `/api/groups/${created.body._id}/invitations/${invitation.body._id}`, member, { accept: true })).status).toBe(200);
  }
  return created.body._id as string;
}

const picture = () => sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer();
const thumbnail = (id: string, user?: TestUser, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/files/${id}/thumbnail`, headers: { ...(user?.headers ?? {}), ...headers } });
const statusFor = async (id: string, users: TestUser[]) => Promise.all(users.map(async (u) => (await thumbnail(id, u)).statusCode));

/** An image Ann sends Bob in chat. */
async function sentPicture() {
  const conversationId = (await call('POST', '/api/conversations', ann, { recipientId: bob.id })).body._id as string;
  const file = await uploadAs(ctx.app, ann, 'scan.jpg', await picture());
  expect(file.status, file.body.msg).toBe(201);
  const sent = await call('POST', `/api/conversations/${conversationId}/messages`, ann, { text: 'The scan', attachmentIds: [file.body._id] });
  expect(sent.status).toBe(201);
  return { conversationId, fileId: file.body._id, messageId: sent.body._id as string };
}

describe('a thumbnail', () => {
  it('is read by the participants only, with its headers and an ETag; If-None-Match answers 304 only after the access check', async () => {
    const { fileId } = await sentPicture();
    const first = await thumbnail(fileId, bob);
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      'content-type': 'image/webp', 'x-content-type-options': 'nosniff', 'cache-control': 'private, max-age=3600', etag: `"t-${fileId}"`,
    });
    expect(first.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect((await sharp(first.rawPayload).metadata()).format).toBe('webp');
    expect(await statusFor(fileId, [ann, bob, stranger, admin])).toEqual([200, 200, 404, 404]);
    expect((await thumbnail(fileId)).statusCode).toBe(401);
    expect((await thumbnail(fileId, pending)).statusCode).toBe(403);

    const again = await thumbnail(fileId, bob, { 'if-none-match': `"t-${fileId}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers).toMatchObject({ etag: `"t-${fileId}"`, 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff' });
    expect((await thumbnail(fileId, bob, { 'if-none-match': '"t-other", W/"t-' + fileId + '"' })).statusCode).toBe(304);
    expect((await thumbnail(fileId, bob, { 'if-none-match': '"t-other"' })).statusCode).toBe(200);
    // Somebody who may not see it learns nothing from a tag either.
    expect((await thumbnail(fileId, stranger, { 'if-none-match': `"t-${fileId}"` })).statusCode).toBe(404);
    expect((await thumbnail(fileId, admin, { 'if-none-match': '*' })).statusCode).toBe(404);
  });

  it('is answered from the node\'s memory once read (its stored object gone), and 404 at once when unsent', async () => {
    const { conversationId, fileId, messageId } = await sentPicture();
    const read = await thumbnail(fileId, bob);
    expect(read.statusCode).toBe(200);
    await ctx.db.execute(sql`DELETE FROM file_blobs WHERE key = ${`${fileId}.thumb`}`);
    const kept = await thumbnail(fileId, bob);
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(read.rawPayload)).toBe(true);
    expect((await thumbnail(fileId, stranger)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/conversations/${conversationId}/messages/${messageId}`, ann)).status).toBe(200);
    expect(await statusFor(fileId, [ann, bob])).toEqual([404, 404]);
    expect((await thumbnail(fileId, bob, { 'if-none-match': `"t-${fileId}"` })).statusCode).toBe(404);
  });

  it('on a case\'s comment: 404 at once to a member removed from the group, and to everyone once the group is deleted', async () => {
    const groupId = await groupWith(ann, [bob, cy]);
    const made = await call('POST', `/api/groups/${groupId}/cases`, ann, {
      presentingConcern: 'Night waking', ageGroup: 'Adults', context: 'Some progress.', question: 'Which diary?',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const file = await uploadAs(ctx.app, bob, 'diary.jpg', await picture());
    const commented = await call('POST', `/api/groups/${groupId}/cases/${made.body._id}/comments`, bob, { body: 'This one.', attachmentIds: [file.body._id] });
    expect(commented.status, JSON.stringify(commented.body)).toBe(201);
    const fileId = file.body._id;
    expect(await statusFor(fileId, [ann, bob, cy, stranger, admin])).toEqual([200, 200, 200, 404, 404]);

    expect((await call('DELETE', `/api/groups/${groupId}/members/${cy.id}`, ann)).status).toBe(200);
    expect(await statusFor(fileId, [ann, bob, cy])).toEqual([200, 200, 404]);
    expect((await call('DELETE', `/api/groups/${groupId}`, ann)).status).toBe(200);
    expect(await statusFor(fileId, [ann, bob, cy])).toEqual([404, 404, 404]);
  });
});
