import type { Conversation } from '../../../../common/chat.ts';

/** The person on the other side; a conversation whose other member left shows as a former member. */
export function otherParticipant(c: Conversation | undefined, myId: string) {
  return c?.participants.find((p) => p._id !== myId) ?? { _id: '', name: c ? 'Former member' : 'Conversation', avatar: null };
}

/** A group's name: its title, else the other members' names (as the server's list entry would read them). */
export function groupName(c: Conversation, myId: string, list: (names: string[]) => string): string {
  return c.title ?? list(c.participants.filter((p) => p._id !== myId).map((p) => p.name));
}
