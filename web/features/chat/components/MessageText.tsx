// A message's words with its @mentions (common/mentions.ts markup) drawn as highlighted names; a mention of the
// reader stands out more. Names are as the sender wrote them.
import { splitMentions } from '../../../../common/mentions.ts';

/** A mention as written in every language: the sign, then the name. */
const mention = (name: string) => `@${name}`;

export function MessageText({ text, myId }: { text: string; myId: string }) {
  if (!text.includes('@[')) return <>{text}</>;
  return (
    <>
      {splitMentions(text).map((part, i) => (part.kind === 'text'
        ? <span key={i}>{part.text}</span>
        : <span key={i} className="chat-mention" data-me={part.userId === myId || undefined} data-testid="mention">{mention(part.name)}</span>))}
    </>
  );
}
