import type { BlockedMember, MessagePolicy, PrivacySettings } from '../../../common/blocks.ts';

export type BlockedRow = { id: string; name: string; avatar: string | null; created_at: Date | string };
export type PrivacyRow = { message_policy: string; listed_in_directory: boolean };

export const toBlockedMember = (row: BlockedRow): BlockedMember => ({
  _id: row.id, name: row.name, avatar: row.avatar, blockedAt: new Date(row.created_at).toISOString(),
});

export const toPrivacy = (row: PrivacyRow): PrivacySettings => ({
  whoCanMessage: row.message_policy as MessagePolicy, listedInDirectory: row.listed_in_directory,
});
