// What each encrypted column binds its ciphertext to (the AES-GCM associated data): a value copied into another row
// does not decrypt there. One place, so writers and readers cannot disagree.
import { open as openLegacy } from '../secret-box.ts';
import { decrypt, encrypt, encryptOptional } from './cipher.ts';
import { keyById, LEGACY_TWO_FACTOR_KEY_ID } from './keyring.ts';

const messageContext = (messageId: string) => `messages.text\0${messageId}`;
// The note, the recipients' answers and the board's offers of one referral share it: an accepted offer's message is
// carried into the recipient row as it is.
const referralContext = (referralId: string) => `referrals\0${referralId}`;
export const exportChunkContext = (exportId: string, seq: number) => `data_export_chunks\0${exportId}\0${seq}`;
export const backupContext = 'backup';
// A consultation group's case (each field) and its comments: bound to the row and the field.
const groupCaseContext = (rowId: string, field: string) => `group_cases\0${rowId}\0${field}`;
const twoFactorContext = (userId: string) => `two_factor.secret\0${userId}`;

export const sealMessage = (messageId: string, text: string) => encrypt(text, messageContext(messageId));
export const openMessage = (messageId: string, stored: string) => decrypt(stored, messageContext(messageId));
export const sealReferralText = (referralId: string, text: string | null) => encryptOptional(text, referralContext(referralId));
export const openReferralText = <T extends string | null>(referralId: string, stored: T): T =>
  (stored ? decrypt(stored, referralContext(referralId)) : stored) as T;

export const sealGroupText = (rowId: string, field: string, text: string) => encrypt(text, groupCaseContext(rowId, field));
export const openGroupText = (rowId: string, field: string, stored: string) => decrypt(stored, groupCaseContext(rowId, field));

export const sealTwoFactorSecret = (userId: string, secret: string) => encrypt(secret, twoFactorContext(userId));
/** A secret sealed before the keyring (`v1.`) opens with the adopted two-factor key. */
export const openTwoFactorSecret = (userId: string, stored: string) => (stored.startsWith('v1.')
  ? openLegacy(keyById(LEGACY_TWO_FACTOR_KEY_ID), stored, userId)
  : decrypt(stored, twoFactorContext(userId)));
