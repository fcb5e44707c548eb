// @mentions in post and comment text (docs/decisions/0056-mention-markup.md). The stored text keeps the member's id
// in a Markdown-link-like token, `@[Amara Okafor](user:<uuid>)`: the server extracts the ids to notify, the web app
// renders the name as a link to the profile. The server writes the name inside: the member's name when the text is
// saved, rewritten when they are renamed, and plain "@Deleted member" once they leave (server/lib/mention-names.ts).

/** Characters a name in the markup cannot hold (they would end the token early). */
const NAME_FORBIDDEN = /[[\]()\n\r]/g;
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const MENTION_SOURCE = `@\\[([^\\[\\]()\\n\\r]{1,120})\\]\\(user:(${UUID})\\)`;
/** Mentions past this many in one text notify no one (a post is not a mailing list). */
export const MENTIONS_PER_TEXT_MAX = 20;

/** The markup the composer inserts for a chosen member. */
export function mentionMarkup(name: string, userId: string): string {
  const shown = name.replace(NAME_FORBIDDEN, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || 'member';
  return `@[${shown}](user:${userId.toLowerCase()})`;
}

/** The distinct member ids mentioned in a text, in order of first appearance, at most MENTIONS_PER_TEXT_MAX. */
export function mentionedIds(text: string): string[] {
  const ids = new Set<string>();
  for (const match of text.matchAll(new RegExp(MENTION_SOURCE, 'g'))) {
    ids.add(match[2].toLowerCase());
    if (ids.size === MENTIONS_PER_TEXT_MAX) break;
  }
  return [...ids];
}

export type TextSegment = { kind: 'text'; text: string } | { kind: 'mention'; name: string; userId: string };

/** The text cut into plain runs and mentions, for the web to render each mention as a profile link. */
export function splitMentions(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(MENTION_SOURCE, 'g'))) {
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
    segments.push({ kind: 'mention', name: match[1], userId: match[2].toLowerCase() });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

export type Mention = { name: string; userId: string };

/** The text with every mention (uncapped) replaced by what `replace` answers for it. */
export function replaceMentions(text: string, replace: (mention: Mention) => string): string {
  return text.replace(new RegExp(MENTION_SOURCE, 'g'), (_all, name: string, id: string) => replace({ name, userId: id.toLowerCase() }));
}

/** Every distinct member id mentioned in a text (uncapped: for rewriting names, not for notifying). */
export function allMentionedIds(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(new RegExp(MENTION_SOURCE, 'g')), (match) => match[2].toLowerCase()))];
}

/** The text as people read it, each mention as "@Name": for excerpts and search, never for email. */
export function plainMentions(text: string): string {
  return text.replace(new RegExp(MENTION_SOURCE, 'g'), (_all, name: string) => `@${name}`);
}
