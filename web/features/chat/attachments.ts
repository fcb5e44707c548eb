// A message's files as the list shows them: none once it was unsent (the server removes them too).
import type { Message } from '../../../common/chat.ts';
import type { FileInfo } from '../../../common/files.ts';

export const attachmentsOf = (m: Message): FileInfo[] => (m.unsentAt ? [] : m.attachments ?? []);

/** Every image of the loaded messages, oldest first: what the viewer's arrow keys move through. */
export const conversationImages = (messages: Message[]): FileInfo[] =>
  messages.flatMap((m) => attachmentsOf(m).filter((f) => f.kind === 'image'));
