import type { BlockedMember, MessagePolicy, PrivacySettings } from '../../../common/blocks.ts';
import type { blocks, users } from '../../db/schema.ts';
import type { RawRow } from '../../db/rows.ts';

export const BLOCKED_MEMBER_KEYS = ['id', 'name', 'avatar'] as const;
export const PRIVACY_KEYS = ['messagePolicy', 'listedInDirectory'] as const;
export type BlockedRow = RawRow<typeof users, (typeof BLOCKED_MEMBER_KEYS)[number]> & RawRow<typeof blocks, 'createdAt'>;
export type PrivacyRow = RawRow<typeof users, (typeof PRIVACY_KEYS)[number]>;

export const toBlockedMember = (row: BlockedRow): BlockedMember => ({
  _id: row.id, name: row.name, avatar: row.avatar, blockedAt: new Date(row.createdAt).toISOString(),
});

export const toPrivacy = (row: PrivacyRow): PrivacySettings => ({
  whoCanMessage: row.messagePolicy as MessagePolicy, listedInDirectory: row.listedInDirectory,
});
