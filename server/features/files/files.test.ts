// Documents through the real app: upload, download, attach to a chat message, and who may read what.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser, randomLetters, type TestUser } from '../../test/factories.ts';
import { download, uploadAs } from './test-helpers.ts';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
let cat: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  [ann, bob, cat] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db)]);
});
afterAll(() => ctx?.close());

const png = () => sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();

async function conversation(a: TestUser, b: TestUser): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/conversations', headers: a.headers, payload: { recipientId: b.id } });
  return res.json()._id as string;
}

describe('a file in a chat message', () => {
  it('is uploaded, attached, listed with its message and readable by both participants only', async () => {
    const up = await uploadAs(ctx.app, ann, 'scan.png', await png());
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ name: 'scan.png', contentType: 'image/png', kind: 'image', width: 800, height: 600 });
    expect(up.body.thumbnailUrl).toBe(`/api/files/${up.body._id}/thumbnail`);
    const text = await uploadAs(ctx.app, ann, 'notes.txt', Buffer.from(`hello ${randomLetters()}`));
    expect(text.status).toBe(201);

    const conversationId = await conversation(ann, bob);
    const sent = await ctx.app.inject({
      method: 'POST', url: `/api/conversations/${conversationId}/messages`, headers: ann.headers,
      payload: { attachmentIds: [up.body._id, text.body._id] },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ text: '', attachments: [{ _id: up.body._id }, { _id: text.body._id }] });

    const page = await ctx.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/messages`, headers: bob.headers });
    expect(page.json().at(-1).attachments).toHaveLength(2);

    const got = await download(ctx.app, bob, up.body._id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-security-policy']).toContain('sandbox');
    expect((await sharp(got.rawPayload).metadata()).width).toBe(800);
    expect((await download(ctx.app, cat, up.body._id)).statusCode).toBe(404);

    const again = await ctx.app.inject({
      method: 'POST', url: `/api/conversations/${conversationId}/messages`, headers: ann.headers, payload: { attachmentIds: [up.body._id] },
    });
    expect(again.statusCode).toBe(409);
  });
});
