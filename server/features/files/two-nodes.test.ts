// Scale-out with documents: two real server processes on one PostgreSQL database and one Redis, storing files in one
// S3 bucket (s3rver, the many-node setup; the database backend is the same on every node by construction, and its
// suite is server/lib/files/storage.test.ts). A file uploaded to node A and sent through A reaches a member connected
// to node B with its message, and node B serves its bytes and its thumbnail.
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../common/chat.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { createUser, randomLetters } from '../../test/factories.ts';
import { startNode } from '../../test/nodes.ts';
import { startS3 } from '../../test/s3.ts';
import { call, connectClient, settle, waitFor, type ChatClient } from '../../test/sockets.ts';

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function upload(url: string, headers: Record<string, string>, name: string, bytes: Buffer, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${url}/api/files`, { method: 'POST', headers, body: form });
  return { status: res.status, body: await res.json() as { _id: string; msg?: string } };
}

describe('files on two nodes', () => {
  it.skipIf(!enabled)('a file sent through one node reaches a socket on the other, which serves it', { timeout: 600_000 }, async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const s3 = await startS3();
    cleanups.push(s3.close);
    const env = s3.env;
    // One after the other: two nodes starting at once on an empty database race on the administrator's row.
    const nodeA = await startNode(database.url!, env);
    cleanups.push(nodeA.stop);
    const nodeB = await startNode(database.url!, env);
    cleanups.push(nodeB.stop);
    const [ann, ben] = await Promise.all([createUser(database.db, { name: 'Ann on A' }), createUser(database.db, { name: 'Ben on B' })]);

    const opened = await fetch(`${nodeA.url}/api/conversations`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...ann.headers }, body: JSON.stringify({ recipientId: ben.id }),
    });
    const { _id: conversationId } = await opened.json();
    const clients: ChatClient[] = [];
    cleanups.push(() => clients.forEach((c) => c.disconnect()));
    const annA = await connectClient(nodeA.url, ann.token);
    const benB = await connectClient(nodeB.url, ben.token);
    clients.push(annA, benB);

    const text = Buffer.from(`Handout ${randomLetters()}\n`);
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 90, b: 40 } } }).jpeg().toBuffer();
    const [doc, photo] = [await upload(nodeA.url, ann.headers, 'handout.txt', text, 'text/plain'), await upload(nodeA.url, ann.headers, 'scan.jpg', image, 'image/jpeg')];
    expect(doc.status, doc.body.msg).toBe(201);
    expect(photo.status, photo.body.msg).toBe(201);

    const sent: Message = await call(annA, 'sendMessage', { conversationId, text: '', attachmentIds: [doc.body._id, photo.body._id] });
    expect(sent.attachments?.map((a) => a._id)).toEqual([doc.body._id, photo.body._id]);
    const received = await waitFor(benB, 'newMessage', (m) => m._id === sent._id);
    expect(received).toEqual(sent);
    await settle();
    expect(benB.received.newMessage?.filter((m) => m._id === sent._id)).toHaveLength(1);

    // Node B reads what node A stored: the same bytes, and the image's thumbnail.
    const got = await fetch(`${nodeB.url}/api/files/${doc.body._id}`, { headers: ben.headers });
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(text)).toBe(true);
    const thumbnail = await fetch(`${nodeB.url}/api/files/${photo.body._id}/thumbnail`, { headers: ben.headers });
    expect(thumbnail.status).toBe(200);
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).format).toBe('webp');

    // Unsent through A, the files are gone on B as well.
    await call(annA, 'unsendMessage', { conversationId, messageId: sent._id });
    await waitFor(benB, 'messageUnsent', (m) => m._id === sent._id);
    expect((await fetch(`${nodeB.url}/api/files/${doc.body._id}`, { headers: ben.headers })).status).toBe(404);
    // Node B had read (and kept) the thumbnail: it is refused at once all the same.
    expect((await fetch(`${nodeB.url}/api/files/${photo.body._id}/thumbnail`, { headers: ben.headers })).status).toBe(404);
  });
});
