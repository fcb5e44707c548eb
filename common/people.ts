// How a member's name and avatar are written, the same at registration and on the profile (findings 12, 14).
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { UPLOADED_AVATAR } from './privacy.ts';

// Zero-width and other format characters (\p{Cf}) and control characters (\p{Cc}) make names that look empty or
// look like somebody else's; they are refused rather than silently removed, so the member sees what is kept.
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
const LETTER = /\p{L}/gu;
const MIN_LETTERS = 2;

/** NFC, trimmed, every run of spaces (of any kind) one space: the form names are stored and compared in. */
const normaliseName = (name: string) => name.normalize('NFC').replace(/\s+/gu, ' ').trim();

/** A person's name: normalised, then required, at most LIMITS.name, visible, with at least two letters. */
export const PersonName = z.string()
  // Bounds the work before normalising; the real limit is checked on the normalised text.
  .max(LIMITS.name * 4, `must be at most ${LIMITS.name} characters`)
  .transform(normaliseName)
  .pipe(z.string()
    .min(1, 'is required')
    .max(LIMITS.name, `must be at most ${LIMITS.name} characters`)
    .refine((name) => !INVISIBLE.test(name), 'must not contain invisible or control characters')
    .refine((name) => (name.match(LETTER)?.length ?? 0) >= MIN_LETTERS, `must contain at least ${MIN_LETTERS} letters`));

const httpsUrl = z.url({ protocol: /^https$/, message: 'must be an https URL' })
  .max(LIMITS.url, `must be at most ${LIMITS.url} characters`);

/** An avatar address: https only, since an http image is blocked by the page's CSP and leaks who reads. */
export const isHttpsUrl = (value: string | null | undefined): value is string => httpsUrl.safeParse(value).success;

/** On a profile update: an empty avatar (or null) removes it; the member's uploaded photo (its address) keeps it. */
export const AvatarUpdate = z.union([z.literal('').transform(() => null), z.null(), httpsUrl, z.string().regex(UPLOADED_AVATAR)]);
const httpsWebsite = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
/** A practice's website on a profile: https only, with a real domain name; '' removes it. */
export const WebsiteUpdate = z.string().trim().max(LIMITS.url, `must be at most ${LIMITS.url} characters`)
  .refine((v) => v === '' || httpsWebsite.safeParse(v).success, 'must be an https address such as https://example.com');

/** At registration: optional, '' for none. */
export const AvatarAtRegistration = z.union([z.literal(''), httpsUrl]).optional();
