import type { Conversation } from '../../../../common/chat.ts';

/** The person on the other side; a conversation whose other member left shows as a former member. */
export function otherParticipant(c: Conversation | undefined, myId: string) {
  return c?.participants.find((p) => p._id !== myId) ?? { _id: '', name: c ? 'Former member' : 'Conversation', avatar: null };
}
