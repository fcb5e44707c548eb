// Each accepted type, each refusal, and the limits: real files made in the test (sharp, pdf-lib, yazl), not blobs.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { download, uploadAs } from './test-helpers.ts';
import { declaredPng } from '../../test/images.ts';

let ctx: TestContext;
let small: TestContext;
let ann: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  small = await createTestContext({ config: { FILE_MAX_MB: '1', FILE_QUOTA_MB: '2', WRITE_LIMITS: 'files=4/3600' } });
  ann = await createUser(ctx.db);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await small?.close();
});

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 160 } } })
    .withExif({ IFD0: { Copyright: 'Secret Clinic' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 39/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 23/1 0/1' } })[format]().toBuffer();

async function pdf(pages = 2, { save = {} as Parameters<PDFDocument['save']>[0] } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([300, 400]).drawText(`Page ${i + 1}`);
  return Buffer.from(await doc.save(save));
}

function zip(entries: [string, string][]): Promise<Buffer> {
  const file = new yazl.ZipFile();
  for (const [name, text] of entries) file.addBuffer(Buffer.from(text), name, { compress: false });
  file.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    file.outputStream.on('data', (c: Buffer) => parts.push(c)).on('end', () => resolve(Buffer.concat(parts))).on('error', reject);
  });
}

// file-type reads the main part's content type in [Content_Types].xml.
const types = (part: string, type: string) => '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
  + `<Override PartName="${part}" ContentType="${type}"/></Types>`;
const OOXML = 'application/vnd.openxmlformats-officedocument';
const docx = () => zip([['[Content_Types].xml', types('/word/document.xml', `${OOXML}.wordprocessingml.document.main+xml`)], ['word/document.xml', '<w:document/>']]);
const xlsx = () => zip([['[Content_Types].xml', types('/xl/workbook.xml', `${OOXML}.spreadsheetml.sheet.main+xml`)], ['xl/workbook.xml', '<workbook/>']]);
const odt = () => zip([['mimetype', 'application/vnd.oasis.opendocument.text'], ['content.xml', '<office:document-content/>']]);


/** The start of a HEIC file (ftyp heic) with no decodable image after it. */
const heic = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(2000, 7)]);

describe('accepted types', () => {
  it.each([
    ['photo.png', 'png', 'image/png', 'photo.png'],
    ['photo.jpg', 'jpeg', 'image/jpeg', 'photo.jpg'],
    ['photo.webp', 'webp', 'image/webp', 'photo.webp'],
    ['moving.gif', 'gif', 'image/png', 'moving.png'],
  ] as const)('%s: re-encoded, with a thumbnail', async (name, format, type, stored) => {
    const up = await uploadAs(ctx.app, ann, name, await image(format));
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({ name: stored, contentType: type, kind: 'image', width: 640, height: 480 });
    const thumb = await ctx.app.inject({ method: 'GET', url: up.body.thumbnailUrl as string, headers: ann.headers });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 320, height: 240 });
  });

  it('removes EXIF and GPS from a JPEG, and scales a large image to 4096 px', async () => {
    const original = await image('jpeg', 5000, 1000);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const up = await uploadAs(ctx.app, ann, 'big.jpeg', original);
    expect(up.body).toMatchObject({ width: 4096, height: 819 });
    const back = await download(ctx.app, ann, up.body._id);
    const meta = await sharp(back.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(back.rawPayload.includes(Buffer.from('Secret Clinic'))).toBe(false);
  });

  it('a PDF with its page count, inline', async () => {
    const up = await uploadAs(ctx.app, ann, 'letter.pdf', await pdf(3));
    expect(up.body).toMatchObject({ kind: 'pdf', contentType: 'application/pdf', pages: 3 });
    expect(up.body.thumbnailUrl).toBeUndefined();
    expect((await download(ctx.app, ann, up.body._id)).headers['content-disposition']).toMatch(/^inline; filename="letter.pdf"/);
  });

  it.each([
    ['intake.docx', docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['scores.xlsx', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['handout.odt', odt, 'application/vnd.oasis.opendocument.text'],
  ])('%s as a document, served as an attachment byte for byte', async (name, make, type) => {
    const bytes = await make();
    const up = await uploadAs(ctx.app, ann, name, bytes);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({ kind: 'document', contentType: type, size: bytes.length });
    const back = await download(ctx.app, ann, up.body._id);
    expect(back.rawPayload.equals(bytes)).toBe(true);
    expect(back.headers['content-disposition']).toMatch(/^attachment; /);
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.headers['cache-control']).toMatch(/^private/);
  });

  it.each([
    ['notes.txt', 'Session plan: grounding, then review.\n', 'text/plain; charset=utf-8'],
    ['scores.csv', 'week,score\none,twelve\n', 'text/csv; charset=utf-8'],
  ])('%s as text, with Range support', async (name, text, type) => {
    const up = await uploadAs(ctx.app, ann, name, Buffer.from(text));
    expect(up.body).toMatchObject({ kind: 'text', contentType: type, size: Buffer.byteLength(text) });
    const part = await download(ctx.app, ann, up.body._id, { range: 'bytes=2-5' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-5/${Buffer.byteLength(text)}`);
    expect(part.body).toBe(text.slice(2, 6));
    expect((await download(ctx.app, ann, up.body._id, { range: 'bytes=999-' })).statusCode).toBe(416);
  });

  it('keeps names for display only: controls, separators and bidi overrides removed, at most 200 characters', async () => {
    const up = await uploadAs(ctx.app, ann, `../..\\evil\u202egpj.txt`, Buffer.from('plain words'));
    // The multipart parser keeps the last path segment; what is left loses its override character.
    expect(up.body.name).toBe('evilgpj.txt');
    const long = await uploadAs(ctx.app, ann, `${'a'.repeat(300)}.txt`, Buffer.from('plain words'));
    expect((long.body.name as string).length).toBe(200);
    expect(long.body.name).toMatch(/\.txt$/);
  });
});

describe('refusals, each naming why', () => {
  it.each([
    ['bytes that disagree with the name', 'report.pdf', () => image('png'), 415, 'is named .pdf but its contents are a PNG image'],
    ['an unknown type', 'archive.zip', () => zip([['a.bin', 'x']]), 415, 'not accepted'],
    ['an executable named as text', 'tool.exe', async () => Buffer.from('MZ\x90\0\x03\0\0\0'), 415, 'not accepted'],
    ['text with a NUL byte', 'notes.txt', async () => Buffer.from('plain\0text'), 415, 'not valid UTF-8'],
    ['text that is not UTF-8', 'notes.csv', async () => Buffer.from([0x61, 0xff, 0xfe, 0x62]), 415, 'not valid UTF-8'],
    ['a malformed PDF', 'broken.pdf', async () => Buffer.from('%PDF-1.7\nnothing else here at all\n'), 400, 'could not be read'],
    ['an encrypted PDF', 'locked.pdf', async () => {
      const plain = (await pdf(1, { save: { useObjectStreams: false } })).toString('latin1');
      return Buffer.from(plain.replace('trailer\n<<', 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4 >>'), 'latin1');
    }, 400, 'password-protected'],
    ['a pixel bomb', 'bomb.png', async () => declaredPng(30_000, 30_000), 413, 'too many pixels'],
    ['a HEIC photo this server cannot convert', 'IMG_0001.HEIC', async () => heic(), 400, 'HEIC'],
  ])('%s', async (_what, name, make, status, text) => {
    const up = await uploadAs(ctx.app, ann, name, await make());
    expect(up.status, JSON.stringify(up.body)).toBe(status);
    expect(up.body.msg).toContain(text);
  });

  it('a file over FILE_MAX_MB, then the quota, then the hourly upload limit', async () => {
    const ben = await createUser(small.db);
    const big = await uploadAs(small.app, ben, 'big.txt', Buffer.alloc(1024 * 1024 + 10, 'a'));
    expect(big.status).toBe(413);
    expect(big.body.msg).toContain('larger than 1 MB');
    const part = Buffer.alloc(900 * 1024, 'b');
    expect((await uploadAs(small.app, ben, 'one.txt', part)).status).toBe(201);
    expect((await uploadAs(small.app, ben, 'two.txt', part)).status).toBe(201);
    const over = await uploadAs(small.app, ben, 'three.txt', part);
    expect(over.status).toBe(413);
    expect(over.body.msg).toContain('2 MB of storage');
    const storage = await small.app.inject({ method: 'GET', url: '/api/users/me/storage', headers: ben.headers });
    expect(storage.json()).toEqual({ usedBytes: 2 * part.length, quotaBytes: 2 * 1024 * 1024 });
    const rate = await uploadAs(small.app, ben, 'four.txt', Buffer.from('x'));
    expect(rate.status).toBe(429);
    expect(rate.body.code).toBe('RATE_LIMITED');
  });

  it('a request that is not multipart, and one with no file', async () => {
    const plain = await ctx.app.inject({ method: 'POST', url: '/api/files', headers: ann.headers, payload: { a: 1 } });
    expect(plain.statusCode).toBe(415);
  });
});
