// Uploaded profile photos: checked, decoded and re-encoded by sharp (decision 0065), stored in the database.
import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { AVATAR_SIZE_PX, type AvatarResponse } from '../../../common/privacy.ts';
import type { ServiceContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { avatarImages, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { checkPhotoBytes, reencode } from '../../lib/image-checks.ts';

const TOO_MANY_PIXELS = 'This photo is too large in pixels (at most 40 megapixels).';
const UNREADABLE_PHOTO = 'This photo could not be read. Please try another file.';
const NO_PHOTO = 'Please choose a photo to upload.';

export const avatarUrl = (userId: string, hash: string) => `/api/users/${userId}/avatar/${hash}.webp`;

/** A 256-pixel square WebP with no metadata. */
const reencodeAvatar = (bytes: Buffer) => reencode(bytes, { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX, fit: 'cover' },
  { tooManyPixels: TOO_MANY_PIXELS, unreadable: UNREADABLE_PHOTO });

export type UploadedFile = { bytes: Buffer; mimetype: string; filename: string };

/** Replaces the member's photo with the uploaded one; the profile's avatar becomes its address. */
export async function uploadAvatar(ctx: ServiceContext, user: CurrentUser, file: UploadedFile | null): Promise<AvatarResponse> {
  if (!file || file.bytes.length === 0) throw badRequest(NO_PHOTO);
  checkPhotoBytes(file.bytes, file);
  const webp = await reencodeAvatar(file.bytes);
  const hash = createHash('sha256').update(webp).digest('hex').slice(0, 32);
  const avatar = avatarUrl(user.id, hash);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(avatarImages).values({ userId: user.id, hash, image: webp }).onConflictDoNothing();
    await tx.delete(avatarImages).where(and(eq(avatarImages.userId, user.id), ne(avatarImages.hash, hash)));
    await tx.update(users).set({ avatar, updatedAt: new Date() }).where(eq(users.id, user.id));
  });
  return { avatar };
}

/** Removes the photo (uploaded or an address) from the profile. */
export async function removeAvatar(ctx: ServiceContext, user: CurrentUser): Promise<AvatarResponse> {
  await ctx.db.transaction(async (tx) => {
    await eraseAvatar(tx, user.id);
    await tx.update(users).set({ avatar: null, updatedAt: new Date() }).where(eq(users.id, user.id));
  });
  return { avatar: null };
}

export async function eraseAvatar(db: Db, userId: string): Promise<void> {
  await db.delete(avatarImages).where(eq(avatarImages.userId, userId));
}

/** The stored WebP; anyone may load it (an <img> sends no token), its address is unguessable and changes with it. */
export async function avatarImage(ctx: ServiceContext, _viewer: CurrentUser | null, input: { id: string; file: string }): Promise<Buffer> {
  const hash = input.file.slice(0, -'.webp'.length);
  const [row] = await ctx.db.select({ image: avatarImages.image }).from(avatarImages)
    .where(and(eq(avatarImages.userId, input.id), eq(avatarImages.hash, hash))).limit(1);
  if (!row) throw notFound('Photo not found.');
  return Buffer.from(row.image);
}
