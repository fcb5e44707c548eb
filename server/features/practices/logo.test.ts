// A practice's logo: only its owner and admins upload or remove it; the image is checked and re-encoded as members'
// photos are (type sniffing against name and declared type, nothing riding along, a pixel limit before decoding, a
// fresh WebP with no metadata), served publicly at an address that changes with it, and shown in the directory.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, PRACTICE_TEXTS } from '../../../common/practices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { staffedPractice, type Staffed } from './test-helpers.ts';
import { declaredPng, expectServedCleanWebp } from '../../test/images.ts';
import { uploadFile } from '../../test/multipart.ts';

let ctx: TestContext;
let p: Staffed;
const call = caller(() => ctx.app);
beforeAll(async () => {
  ctx = await createTestContext();
  p = await staffedPractice(ctx.db, call);
});
afterAll(() => ctx.close());

const upload = (user: TestUser | undefined, filename: string, contentType: string, bytes: Buffer, practiceId = p.id) =>
  uploadFile(ctx.app, user, `/api/practices/${practiceId}/logo`, { field: 'logo', filename, contentType, bytes });

// A wide logo with EXIF, as a design tool might write it.
const logo = (format: 'jpeg' | 'png' | 'webp', width = 800, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 120 } } })
    .withExif({ IFD0: { Copyright: 'Harbour Design Studio', ImageDescription: 'GPS 43.6532 N 79.3832 W' } })[format]().toBuffer();


describe('uploading a practice logo', () => {
  it('takes a JPEG, PNG or WebP from the owner or an admin and serves a whole 256-pixel WebP without metadata', async () => {
    for (const [format, name, type, by] of [['png', 'logo.png', 'image/png', p.owner], ['jpeg', 'logo.jpg', 'image/jpeg', p.admin], ['webp', 'logo.webp', 'image/webp', p.owner]] as const) {
      const res = await upload(by, name, type, await logo(format));
      expect(res.status, format).toBe(200);
      expect(res.body.logo).toMatch(new RegExp(`^/api/practices/${p.id}/logo/[0-9a-f]{32}\\.webp$`));
      await expectServedCleanWebp(ctx.app, res.body.logo, 'Harbour Design');
    }
    // The page, the directory's card and the inbox's header read the same address; the previous logo stops serving.
    const page = await call('GET', `/api/practices/${p.slug}`);
    const listed = await call('GET', `/api/practices?q=${encodeURIComponent(p.name)}`);
    expect(listed.body.practices).toEqual([expect.objectContaining({ _id: p.id, logo: page.body.logo })]);
    const first = (await upload(p.owner, 'a.png', 'image/png', await logo('png', 300, 300))).body.logo;
    const second = (await upload(p.owner, 'b.png', 'image/png', await logo('png', 120, 400))).body.logo;
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('refuses clinicians, intake members, outsiders, administrators and visitors', async () => {
    const png = await logo('png');
    expect(await upload(p.clinician, 'l.png', 'image/png', png)).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.notManager } });
    expect(await upload(p.intake, 'l.png', 'image/png', png)).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.notManager } });
    expect((await upload(await createUser(ctx.db), 'l.png', 'image/png', png)).status).toBe(403);
    expect(await upload(await createAdmin(ctx.db), 'l.png', 'image/png', png)).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.adminText } });
    expect((await upload(undefined, 'l.png', 'image/png', png)).status).toBe(401);
    expect((await upload(await createUser(ctx.db, { status: 'pending' }), 'l.png', 'image/png', png)).status).toBe(403);
    expect((await upload(p.owner, 'l.png', 'image/png', png, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call('DELETE', `/api/practices/${p.id}/logo`, p.clinician)).status).toBe(403);
    expect((await call('DELETE', `/api/practices/${p.id}/logo`, p.intake)).status).toBe(403);
    expect((await call('DELETE', `/api/practices/${p.id}/logo`)).status).toBe(401);
  });

  it('refuses what is not a JPEG, PNG or WebP, polyglots, bombs, broken and oversized files, and non-multipart bodies', async () => {
    const png = await logo('png');
    const jpeg = await logo('jpeg');
    const refused: [string, string, Buffer, number, string][] = [
      ['l.gif', 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 400, PRACTICE_TEXTS.logoUnsupported],
      ['l.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 400, PRACTICE_TEXTS.logoUnsupported],
      ['l.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>'), 400, PRACTICE_TEXTS.logoUnsupported],
      ['l.png', 'image/png', Buffer.alloc(0), 400, PRACTICE_TEXTS.noLogo],
      ['l.jpg', 'image/jpeg', png, 400, PRACTICE_TEXTS.logoMismatched],
      ['l.png', 'image/webp', png, 400, PRACTICE_TEXTS.logoMismatched],
      ['l.png', 'image/png', Buffer.concat([png, Buffer.from('<?php system($_GET["c"]); ?>')]), 400, PRACTICE_TEXTS.logoMismatched],
      ['bomb.png', 'image/png', declaredPng(10_000, 10_000), 400, PRACTICE_TEXTS.logoTooManyPixels],
      ['cut.jpg', 'image/jpeg', Buffer.concat([jpeg.subarray(0, 300), Buffer.from([0xff, 0xd9])]), 400, PRACTICE_TEXTS.logoUnreadable],
      ['big.png', 'image/png', Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES)]), 413, PRACTICE_TEXTS.logoTooLarge],
    ];
    for (const [name, type, bytes, status, msg] of refused) {
      expect(await upload(p.owner, name, type, bytes), name).toMatchObject({ status, body: { msg } });
    }
    expect(await call('POST', `/api/practices/${p.id}/logo`, p.owner, { logo: 'x' })).toMatchObject({ status: 415, body: { msg: PRACTICE_TEXTS.logoNotMultipart } });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/practices/${p.id}/logo/not-a-file.png` })).statusCode).toBe(400);
  });

  it('removes the logo: the practice shows no logo and its address stops serving', async () => {
    const url = (await upload(p.admin, 'l.webp', 'image/webp', await logo('webp'))).body.logo;
    const removed = await call('DELETE', `/api/practices/${p.id}/logo`, p.admin);
    expect(removed).toMatchObject({ status: 200, body: { logo: null } });
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
