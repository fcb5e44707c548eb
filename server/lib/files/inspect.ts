// What an upload is, decided from its bytes (file-type), never from its name or the browser's header; what is accepted
// is reduced to a safe form: images re-encoded (metadata and GPS gone, bounded size, a thumbnail), PDFs opened to count
// their pages (encrypted or unreadable ones refused), text checked to be UTF-8 without NUL bytes. Office files pass as
// they are, streamed.
import { Readable, Transform } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { FILE_ERRORS, IMAGE_MAX_PX, THUMBNAIL_PX, type FileKind } from '../../../common/files.ts';
import { AppError, badRequest } from '../errors.ts';
import { localText, type LocalText } from '../i18n.ts';
import { SERVER_FILES, type FileTypeName } from '../texts/files.ts';

type Accepted = { kind: FileKind; contentType: string; extensions: string[]; named: FileTypeName; out?: 'jpeg' | 'png' | 'webp' };

// Detected MIME type → what is kept. GIFs keep their first frame as PNG; HEIC becomes JPEG (when this sharp decodes it).
const ACCEPTED: Record<string, Accepted> = {
  'image/png': { kind: 'image', contentType: 'image/png', extensions: ['png'], named: 'png', out: 'png' },
  'image/jpeg': { kind: 'image', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jpe', 'jfif'], named: 'jpeg', out: 'jpeg' },
  'image/webp': { kind: 'image', contentType: 'image/webp', extensions: ['webp'], named: 'webp', out: 'webp' },
  'image/gif': { kind: 'image', contentType: 'image/png', extensions: ['gif'], named: 'gif', out: 'png' },
  'image/heic': { kind: 'image', contentType: 'image/jpeg', extensions: ['heic', 'heif'], named: 'heic', out: 'jpeg' },
  'image/heif': { kind: 'image', contentType: 'image/jpeg', extensions: ['heic', 'heif'], named: 'heic', out: 'jpeg' },
  'application/pdf': { kind: 'pdf', contentType: 'application/pdf', extensions: ['pdf'], named: 'pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    kind: 'document', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'], named: 'docx',
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    kind: 'document', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'], named: 'xlsx',
  },
  'application/vnd.oasis.opendocument.text': {
    kind: 'document', contentType: 'application/vnd.oasis.opendocument.text', extensions: ['odt'], named: 'odt',
  },
};
const TEXT: Record<string, Accepted> = {
  txt: { kind: 'text', contentType: 'text/plain; charset=utf-8', extensions: ['txt', 'text', 'log', 'md'], named: 'text' },
  csv: { kind: 'text', contentType: 'text/csv; charset=utf-8', extensions: ['csv'], named: 'csv' },
};
/**
 * The refusal of a name that says another kind than the bytes (a .pdf that is really a PNG...): FILE_ERRORS.mismatch's
 * English, said in the reader's language. Bytes of no accepted kind are named by their MIME type, none by 'plain text'.
 */
const mismatch = (ext: string, mime: string | undefined): LocalText => {
  const type: FileTypeName = ACCEPTED[mime ?? '']?.named ?? (mime ? 'other' : 'text');
  return localText(SERVER_FILES.mismatch, { ext, type, mime: mime ?? '' });
};

/** How much of the start is read to decide the type: office files are ZIPs whose telling entry may come late. */
export const SNIFF_BYTES = 256 * 1024;

export type Decision = Accepted & { mime: string | undefined };

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

const KNOWN_EXTENSIONS = new Set([...Object.values(ACCEPTED), ...Object.values(TEXT)].flatMap((a) => a.extensions));

/** The accepted type of these first bytes under this name, or a refusal naming why. */
export async function decide(head: Buffer, name: string): Promise<Decision> {
  const found = await fileTypeFromBuffer(head);
  const ext = extensionOf(name);
  const isTextName = !ext || TEXT.txt.extensions.includes(ext) || ext === 'csv';
  if (!found) {
    if (!looksLikeText(head)) throw unsupported(ext && isTextName ? FILE_ERRORS.badText : FILE_ERRORS.unknownType);
    if (!isTextName) throw unsupported(KNOWN_EXTENSIONS.has(ext) ? mismatch(ext, undefined) : FILE_ERRORS.unknownType);
    return { ...(ext === 'csv' ? TEXT.csv : TEXT.txt), mime: undefined };
  }
  const accepted = ACCEPTED[found.mime];
  if (!accepted) throw unsupported(ext && KNOWN_EXTENSIONS.has(ext) ? mismatch(ext, found.mime) : FILE_ERRORS.unknownType);
  if (ext && !accepted.extensions.includes(ext)) throw unsupported(mismatch(ext, found.mime));
  return { ...accepted, mime: found.mime };
}

const unsupported = (msg: string | LocalText) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', msg);

// The start of a text: valid UTF-8 (a character cut at the sample's end is allowed) and no NUL.
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Passes text through, failing the stream on a NUL or invalid UTF-8 anywhere (also at the very end). */
export function textCheck(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return new Transform({
    transform(chunk: Buffer, _e, done) {
      try {
        if (chunk.includes(0)) throw new Error('NUL');
        decoder.decode(chunk, { stream: true });
        done(null, chunk);
      } catch {
        done(badRequest(FILE_ERRORS.badText));
      }
    },
    flush(done) {
      try {
        decoder.decode();
        done();
      } catch {
        done(badRequest(FILE_ERRORS.badText));
      }
    },
  });
}

export type Image = { bytes: Buffer; thumbnail: Buffer; width: number; height: number };

/**
 * Re-encoded: orientation applied, every metadata block (EXIF, GPS, XMP, ICC names) dropped (sharp keeps none unless
 * asked), at most IMAGE_MAX_PX a side, the first frame of an animation. The pixel count is read from the header and
 * refused before anything is decoded.
 */
export async function processImage(input: Buffer, decision: Decision, maxPixels: number): Promise<Image> {
  const heic = decision.mime === 'image/heic' || decision.mime === 'image/heif';
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(heic ? FILE_ERRORS.heicUnsupported : FILE_ERRORS.badImage);
  }
  if (!meta.width || !meta.height) throw badRequest(FILE_ERRORS.badImage);
  if (meta.width * meta.height > maxPixels) throw new AppError(413, 'TOO_LARGE', FILE_ERRORS.imageTooLarge);
  try {
    const image = sharp(input, { limitInputPixels: maxPixels, animated: false, failOn: 'error' })
      .rotate()
      .resize({ width: IMAGE_MAX_PX, height: IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true });
    const encoded = decision.out === 'jpeg' ? image.jpeg({ quality: 85, mozjpeg: true })
      : decision.out === 'webp' ? image.webp({ quality: 85 }) : image.png({ compressionLevel: 8 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data).resize({ width: THUMBNAIL_PX, height: THUMBNAIL_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 }).toBuffer();
    return { bytes: data, thumbnail, width: info.width, height: info.height };
  } catch {
    throw badRequest(heic ? FILE_ERRORS.heicUnsupported : FILE_ERRORS.badImage);
  }
}

/** The page count; an encrypted PDF, or one pdf-lib cannot read, is refused. */
export async function pdfPages(input: Buffer): Promise<number> {
  try {
    const doc = await PDFDocument.load(input, { ignoreEncryption: false, updateMetadata: false, throwOnInvalidObject: true });
    const pages = doc.getPageCount();
    if (pages < 1) throw new Error('no pages');
    return pages;
  } catch (error) {
    // pdf-lib names encryption when it can parse the trailer; a trailer it cannot read may still declare it.
    if (error instanceof EncryptedPDFError || input.includes('/Encrypt')) throw badRequest(FILE_ERRORS.encryptedPdf);
    throw badRequest(FILE_ERRORS.malformedPdf);
  }
}

/** A name kept for display: no control characters, path separators or bidirectional overrides; at most 200 characters. */
export function cleanName(raw: string | undefined, fallbackExt: string): string {
  const cleaned = (raw ?? '')
    // C0/C1 controls and DEL (the Cc category), the bidi embeddings, overrides and isolates, and the marks that steer them.
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/gu, '')
    .replace(/[\\/]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  const name = cleaned || `file${fallbackExt ? `.${fallbackExt}` : ''}`;
  if (name.length <= 200) return name;
  const ext = extensionOf(name);
  return ext && ext.length < 20 ? `${name.slice(0, 199 - ext.length)}.${ext}` : name.slice(0, 200);
}

/** The name with the extension of what was stored (a GIF kept as PNG, a HEIC as JPEG). */
export function renamed(name: string, decision: Decision): string {
  const target = decision.out === 'png' && decision.mime === 'image/gif' ? 'png' : decision.out === 'jpeg' && decision.extensions.includes('heic') ? 'jpg' : null;
  if (!target) return name;
  const ext = extensionOf(name);
  return `${ext ? name.slice(0, -ext.length - 1) : name}.${target}`.slice(-200);
}

export const toReadable = (head: Buffer, rest: AsyncIterable<Buffer>) => Readable.from((async function* () {
  if (head.length) yield head;
  yield* rest;
})());
