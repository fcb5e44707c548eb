// What an uploaded image's bytes must look like before sharp decodes them (members' photos, practices' logos): the type
// its bytes say, the same type its name and declared type say, and nothing after the image's end (a "polyglot": an
// image that is also HTML or a script). Then `reencode`: decoded within a pixel limit and written anew as WebP.
import path from 'node:path';
import sharp, { type Metadata, type ResizeOptions } from 'sharp';
import { badRequest } from './errors.ts';

export type ImageType = 'jpeg' | 'png' | 'webp';

const MIME: Record<string, ImageType> = { 'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };
const EXTENSION: Record<string, ImageType> = { '.jpg': 'jpeg', '.jpeg': 'jpeg', '.png': 'png', '.webp': 'webp' };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]); // the IEND chunk's type and CRC
// Markup a browser or an interpreter would act on, wherever it hides (a comment segment, an EXIF field, a text chunk).
const ACTIVE_CONTENT = /<(script|html|body|svg|iframe|object|embed|\?php|!doctype)\b/i;

const UNSUPPORTED_PHOTO = 'Please upload a JPEG, PNG or WebP photo.';
const MISMATCHED_PHOTO = 'This file is not the image its name or type says it is.';

/** The type the bytes say, from their signature. */
function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** The bytes end where the format says the image ends: anything after it is a second file riding along. */
function endsCleanly(bytes: Buffer, type: ImageType): boolean {
  switch (type) {
    case 'jpeg': return bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
    case 'png': return bytes.subarray(bytes.length - 8).equals(PNG_END);
    // RIFF's size field counts every byte after the first eight (a chunk of odd size is padded to even).
    case 'webp': return bytes.readUInt32LE(4) + 8 === bytes.length;
  }
}

/** The refusals' words: a photo's by default, a logo's for practices. */
type CheckTexts = { unsupported: string; mismatched: string };
const PHOTO_TEXTS: CheckTexts = { unsupported: UNSUPPORTED_PHOTO, mismatched: MISMATCHED_PHOTO };

/** Refuses (400) a file that is not one of the three types, says it is another, or carries something after or inside. */
export function checkPhotoBytes(bytes: Buffer, declared: { mimetype: string; filename: string }, texts: CheckTexts = PHOTO_TEXTS): ImageType {
  const type = sniffImageType(bytes);
  if (!type) throw badRequest(texts.unsupported);
  const byMime = MIME[declared.mimetype.toLowerCase()];
  const byName = EXTENSION[path.extname(declared.filename).toLowerCase()];
  if (!byMime || !byName) throw badRequest(texts.unsupported);
  if (byMime !== type || byName !== type) throw badRequest(texts.mismatched);
  if (!endsCleanly(bytes, type) || ACTIVE_CONTENT.test(bytes.toString('latin1'))) throw badRequest(texts.mismatched);
  return type;
}

/** Above this many pixels an image is refused before it is decoded: a small file can declare a huge image (a bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Decodes the image within the pixel limit (one frame only) and writes it anew as WebP at `size`: nothing of the file
 * survives but its pixels (sharp drops EXIF, including location, unless asked to keep it). `rotate()` applies the
 * EXIF orientation first, so a portrait stays upright.
 */
export async function reencode(bytes: Buffer, size: ResizeOptions, texts: { tooManyPixels: string; unreadable: string }): Promise<Buffer> {
  // sharp says "Input image exceeds pixel limit" when limitInputPixels stops a bomb; anything else is a broken file.
  const refusal = (err: unknown) => badRequest(/pixel limit/i.test(String(err)) ? texts.tooManyPixels : texts.unreadable);
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true });
  let meta: Metadata;
  try {
    meta = await image.metadata();
  } catch (err) {
    throw refusal(err);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS || (meta.pages ?? 1) > 1) throw badRequest(texts.tooManyPixels);
  try {
    return await image.rotate().resize(size).webp({ quality: 82 }).toBuffer();
  } catch (err) {
    throw refusal(err);
  }
}
