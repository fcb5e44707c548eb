// Words the chat's screens share (react-intl, docs/decisions/0260): how a conversation and its people are named.
import { defineMessages, type IntlShape } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import type { Conversation } from '../../../common/chat.ts';
import { groupName, otherParticipant } from './components/participants.ts';

export const chatWords = withValues(defineMessages({
  online: { id: 'chat.presence.online', defaultMessage: 'Online', description: 'The other person, or a member, is online' },
  offline: { id: 'chat.presence.offline', defaultMessage: 'Offline', description: 'The other person, or a member, is offline' },
  formerMember: { id: 'chat.formerMember', defaultMessage: 'Former member', description: 'Name shown for the other person of a conversation who left Thera Root' },
  conversation: { id: 'chat.conversationFallback', defaultMessage: 'Conversation', description: 'Name shown while a conversation is still loading' },
  memberCount: {
    id: 'chat.group.memberCount', defaultMessage: '{count, plural, one {# member} other {# members}}',
    description: 'How many members a group conversation has (header and list)',
  },
  onlineCount: { id: 'chat.group.onlineCount', defaultMessage: '{count} online', description: 'How many members of a group are online now' },
}));

/** The name a conversation goes by for this viewer: the other person's, or a group's title (else its members' names). */
export function conversationName(intl: IntlShape, c: Conversation | undefined, myId: string): string {
  if (c?.isGroup) return groupName(c, myId, (names) => intl.formatList(names, { type: 'conjunction', style: 'narrow' }));
  const other = otherParticipant(c, myId);
  if (other._id) return other.name;
  return intl.formatMessage(c ? chatWords.formerMember : chatWords.conversation);
}
