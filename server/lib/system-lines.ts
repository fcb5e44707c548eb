// Chat system lines stored as a code and values (docs/decisions/0325): sealed like any message, as JSON under one key,
// so a line's words are said in each reader's language; lines written before are English text and stay as they are.
import { SystemLineSchema, type SystemLine } from '../../common/chat.ts';
import { systemLineIn } from '../../common/i18n/system-line-messages.ts';
import { openMessage } from './crypto/fields.ts';
import { sayIn } from './i18n.ts';

const KEY = 'systemLine';

/** What is sealed as a system line's text. */
export const storedSystemLine = (line: SystemLine) => JSON.stringify({ [KEY]: line });

/** The line in a stored text, if it is one written as a code and values. */
function systemLineOf(text: string): SystemLine | undefined {
  if (!text.startsWith(`{"${KEY}"`)) return undefined;
  try {
    const parsed = SystemLineSchema.safeParse((JSON.parse(text) as Record<string, unknown>)[KEY]);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A system line in English, as the server writes it in `text` (old clients, exports, moderators). */
const englishLine = (line: SystemLine) => systemLineIn(sayIn('en'), line);

/**
 * A stored message opened: its text (a system line's English) and, for a system line written as a code and values,
 * the line. Any other message is its text as it is.
 */
export function openLine(messageId: string, stored: string, kind?: string): { text: string; system?: SystemLine } {
  const text = openMessage(messageId, stored);
  const system = kind === 'system' ? systemLineOf(text) : undefined;
  return system ? { text: englishLine(system), system } : { text };
}
