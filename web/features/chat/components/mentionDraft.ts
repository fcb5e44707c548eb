// Typing an @mention in a group's composer: the word being typed after "@", the members it may mean, and the text as
// sent, where each chosen "@Name" becomes the markup the server reads (common/mentions.ts).
import { mentionMarkup } from '../../../../common/mentions.ts';

export type Member = { _id: string; name: string };

/** The "@query" just before the caret, if the caret is in one: where it starts and what has been typed. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([\p{L}\p{M}'’-]{0,30})$/u.exec(text.slice(0, caret));
  return match ? { start: caret - match[2].length - 1, query: match[2] } : null;
}

/** Members whose name, or a word of it, starts with the query (any case); at most 6. */
export function matchingMembers(members: Member[], query: string): Member[] {
  const q = query.toLocaleLowerCase();
  return members.filter((m) => m.name.toLocaleLowerCase().split(/\s+/).some((word) => word.startsWith(q)) || m.name.toLocaleLowerCase().startsWith(q)).slice(0, 6);
}

/** The text to send: each chosen member's "@Name" still in it becomes their mention (longest names first). */
export function withMentions(text: string, chosen: Member[]): string {
  let out = text;
  for (const m of [...chosen].sort((a, b) => b.name.length - a.name.length)) {
    out = out.split(`@${m.name}`).join(mentionMarkup(m.name, m._id));
  }
  return out;
}
