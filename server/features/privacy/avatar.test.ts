// Uploaded profile photos, with real images of each format made by sharp, and hostile files built by hand.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { declaredPng, expectServedCleanWebp } from '../../test/images.ts';
import { uploadFile } from '../../test/multipart.ts';

let ctx: TestContext;
let member: TestUser;
let other: TestUser;
const call = caller(() => ctx.app);

const upload = (user: TestUser | undefined, filename: string, contentType: string, bytes: Buffer) =>
  uploadFile(ctx.app, user, '/api/users/me/avatar', { field: 'photo', filename, contentType, bytes });

// A photo with location data in its EXIF, as a phone writes it.
const photo = (format: 'jpeg' | 'png' | 'webp', width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 160 } } })
    .withExif({ IFD0: { Copyright: 'Secret Clinic', ImageDescription: 'GPS 43.6532 N 79.3832 W' } })[format]().toBuffer();


beforeAll(async () => {
  ctx = await createTestContext();
  member = await createUser(ctx.db, { avatar: 'https://example.org/old.png' });
  other = await createUser(ctx.db);
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/users/me/avatar', () => {
  it.each([['jpeg', 'me.jpg', 'image/jpeg'], ['png', 'me.png', 'image/png'], ['webp', 'me.webp', 'image/webp']] as const)(
    'takes a %s, serves a 256-pixel WebP without metadata at a hashed address cached for a year', async (format, name, type) => {
      const res = await upload(member, name, type, await photo(format));
      expect(res.status).toBe(200);
      expect(res.body.avatar).toMatch(new RegExp(`^/api/users/${member.id}/avatar/[0-9a-f]{32}\\.webp$`));
      expect((await call('GET', `/api/users/${member.id}`, member)).body.avatar).toBe(res.body.avatar);
      await expectServedCleanWebp(ctx.app, res.body.avatar, 'Secret Clinic');
    });

  it('a new photo replaces the old one: the old address is gone', async () => {
    const first = await upload(member, 'a.png', 'image/png', await photo('png', 300, 300));
    const second = await upload(member, 'b.jpg', 'image/jpeg', await photo('jpeg', 900, 300));
    expect(second.body.avatar).not.toBe(first.body.avatar);
    expect((await ctx.app.inject({ method: 'GET', url: first.body.avatar })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: second.body.avatar })).statusCode).toBe(200);
  });

  it('refuses a file over 5 MB with 413 and keeps the photo', async () => {
    const before = (await call('GET', `/api/users/${member.id}`, member)).body.avatar;
    const big = Buffer.concat([await photo('jpeg'), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await upload(member, 'big.jpg', 'image/jpeg', big);
    expect(res).toEqual({ status: 413, body: { msg: 'This photo is larger than 5 MB. Please choose a smaller one.', code: 'TOO_LARGE' } });
    expect((await call('GET', `/api/users/${member.id}`, member)).body.avatar).toBe(before);
  });

  it.each([
    ['a GIF', 'me.gif', 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'Please upload a JPEG, PNG or WebP photo.'],
    ['an HTML page named .png', 'me.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>'), 'Please upload a JPEG, PNG or WebP photo.'],
    ['an SVG', 'me.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'Please upload a JPEG, PNG or WebP photo.'],
    ['an empty file', 'me.jpg', 'image/jpeg', Buffer.alloc(0), 'Please choose a photo to upload.'],
  ])('refuses %s with 400', async (_label, name, type, bytes, msg) => {
    const res = await upload(member, name, type, bytes);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  });

  it('refuses polyglots: bytes of one type named or declared as another, or markup appended or hidden inside', async () => {
    const png = await photo('png');
    const jpeg = await photo('jpeg');
    const withComment = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, 0x00, 0x22]),
      Buffer.from('<html><script>alert(1)</script>!!'), jpeg.subarray(2)]);
    const cases: [string, string, Buffer][] = [
      ['me.jpg', 'image/jpeg', png], ['me.png', 'image/jpeg', png], ['me.png', 'image/webp', png],
      ['me.jpg', 'image/jpeg', Buffer.concat([jpeg, Buffer.from('<script>alert(document.cookie)</script>')])],
      ['me.png', 'image/png', Buffer.concat([png, Buffer.from('<?php system($_GET["c"]); ?>')])],
      ['me.jpg', 'image/jpeg', withComment],
    ];
    for (const [name, type, bytes] of cases) {
      const res = await upload(member, name, type, bytes);
      expect(res.status, name).toBe(400);
      expect(res.body.msg).toBe('This file is not the image its name or type says it is.');
    }
  });

  it('refuses a decompression bomb (a small file declaring 100 megapixels) before decoding it', async () => {
    const bomb = declaredPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(2000);
    const res = await upload(member, 'bomb.png', 'image/png', bomb);
    expect(res).toEqual({ status: 400, body: { msg: 'This photo is too large in pixels (at most 40 megapixels).', code: 'BAD_REQUEST' } });
  });

  it('refuses a truncated image as unreadable', async () => {
    const jpeg = await photo('jpeg');
    const cut = Buffer.concat([jpeg.subarray(0, 400), Buffer.from([0xff, 0xd9])]);
    expect((await upload(member, 'cut.jpg', 'image/jpeg', cut)).status).toBe(400);
  });

  it('refuses a body that is not multipart with 415, and a signed-out caller with 401', async () => {
    expect((await call('POST', '/api/users/me/avatar', member, { avatar: 'x' })).status).toBe(415);
    expect((await upload(undefined, 'me.png', 'image/png', await photo('png'))).status).toBe(401);
  });

  it('lets a pending member add a photo to the profile they are completing', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect((await upload(pending, 'me.png', 'image/png', await photo('png'))).status).toBe(200);
  });
});

describe('the photo on the profile', () => {
  it('keeps the uploaded address when the profile form sends it back, but not somebody else\'s', async () => {
    const mine = (await upload(member, 'me.webp', 'image/webp', await photo('webp'))).body.avatar;
    expect((await call('PUT', '/api/users/me', member, { avatar: mine, bio: 'Hello' })).body.avatar).toBe(mine);
    const res = await call('PUT', '/api/users/me', other, { avatar: mine });
    expect(res.status).toBe(400);
    expect((await call('GET', `/api/users/${other.id}`, other)).body.avatar).toBeNull();
  });

  it('DELETE /api/users/me/avatar removes it, and its address stops serving', async () => {
    const mine = (await upload(member, 'me.png', 'image/png', await photo('png'))).body.avatar;
    expect(await call('DELETE', '/api/users/me/avatar', member)).toEqual({ status: 200, body: { avatar: null } });
    expect((await call('GET', `/api/users/${member.id}`, member)).body.avatar).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: mine })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/users/me/avatar')).status).toBe(401);
  });

  it('answers 404 for an unknown photo and 400 for a malformed address', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${member.id}/avatar/${'0'.repeat(32)}.webp` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${member.id}/avatar/..%2f..%2fetc.webp` })).statusCode).toBe(400);
  });
});
