// Where the caret is typing a mention: the "@" and the name typed after it, up to the caret.

/** At most two words after "@" ("@Amara Ok"), no brackets (they would break the stored markup). */
const TRIGGER = /(?:^|[\s(])@([^\s@[\]()]{0,40}(?: [^\s@[\]()]{0,40})?)$/u;

export type MentionTrigger = { start: number; query: string };

/** The "@" before the caret that starts a mention, and what follows it; null when the caret is not in one. */
export function findMentionTrigger(text: string, caret: number): MentionTrigger | null {
  const match = TRIGGER.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1];
  return { start: caret - query.length - 1, query };
}

/** The text with the typed "@query" replaced by `markup` (and a space where a word follows); `caret` is where typing goes on. */
export function insertMention(text: string, trigger: MentionTrigger, caret: number, markup: string): { text: string; caret: number } {
  const before = text.slice(0, trigger.start);
  const after = text.slice(caret);
  // Typing goes on after a space, unless a space or punctuation already follows.
  const inserted = /^[\s.,;:!?)]/.test(after) ? markup : `${markup} `;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}
