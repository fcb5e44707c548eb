// A group conversation as one member sees it: receipts as counts on their own messages ("Delivered to 4", "Read by 3
// of 5", with the names), and a placeholder instead of the words of a member with a block between them either way
// (docs/decisions/0230). A pair conversation is shown as it is.
import { BLOCKED_MEMBER_MESSAGE, type Message } from '../../../common/chat.ts';
import type { AppContext } from '../../context.ts';
import * as gq from './group-queries.ts';

export type GroupView = { marks: gq.MemberMarks[]; blocked: Set<string> };

const time = (value: Date | string | null) => (value ? new Date(value).getTime() : -Infinity);

/** What the viewer's page of a group needs: the members' marks and whom the viewer has a block with. */
export async function groupView(ctx: AppContext, conversationId: string, viewerId: string): Promise<GroupView> {
  const [marks, blocked] = await Promise.all([gq.memberMarks(ctx.db, conversationId), gq.blockedEitherWay(ctx.db, viewerId)]);
  return { marks, blocked };
}

/** The receipts of a person's message: the members who were in the group when it was sent, other than its sender. */
function receiptsOf(message: Message, marks: gq.MemberMarks[]): NonNullable<Message['receipts']> {
  const sent = new Date(message.createdAt).getTime();
  const others = marks.filter((m) => String(m.user_id) !== message.sender._id && time(m.joined_at) <= sent);
  const readBy = others.filter((m) => time(m.read_through) >= sent).map((m) => String(m.user_id));
  const deliveredTo = others.filter((m) => Math.max(time(m.delivered_through), time(m.read_through)) >= sent).map((m) => String(m.user_id));
  return { of: others.length, deliveredTo, readBy };
}

/** The placeholder instead of a blocked member's words (their name and the line's place stay). */
export function maskedFor(message: Message, blocked: Set<string>): Message {
  return blocked.has(message.sender._id) && message.kind === 'text' ? { ...message, text: BLOCKED_MEMBER_MESSAGE } : message;
}

/** A page of a group as the viewer sees it. */
export function asSeenBy(messages: Message[], viewerId: string, view: GroupView): Message[] {
  return messages.map((m) => {
    const shown = maskedFor(m, view.blocked);
    return m.sender._id === viewerId && m.kind === 'text' ? { ...shown, receipts: receiptsOf(m, view.marks) } : shown;
  });
}
