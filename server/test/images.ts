// Image bytes the upload tests need beside real pictures (which sharp makes), and what a served picture must be.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { App } from '../context.ts';

/** A PNG whose header declares width x height, with almost no data: a decompression bomb's shape. */
export function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4); length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; ihdr[9] = 2; // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * The picture served at `url` (a photo, a logo) is re-encoded: a 256-pixel WebP cached for a year, with no EXIF and
 * nothing left of `secret`, text the uploaded file's metadata held.
 */
export async function expectServedCleanWebp(app: App, url: string, secret: string) {
  const served = await app.inject({ method: 'GET', url });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(served.rawPayload).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  expect(meta.exif).toBeUndefined();
  expect(served.rawPayload.toString('latin1')).not.toContain(secret);
}
