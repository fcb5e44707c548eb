// Search in the open conversation's history: matches newest first with sender and time, a page at a
// time; choosing one jumps to it in the conversation, as Slack does.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Box, Button, CloseButton, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { SEARCH_MAX_LENGTH, type Message } from '../../../../common/chat.ts';
import { timeAgo } from '../../../lib/time.ts';
import { plural } from '../../../lib/words.ts';
import { SEARCH_PAGE_SIZE, searchMessages } from '../api.ts';

type Props = { conversationId: string; onJump: (message: Message) => void; onClose: () => void };
type Results = { q: string; matches: Message[]; hasMore: boolean };

export function ConversationSearch({ conversationId, onJump, onClose }: Props) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Opened from the header's button: typing can start at once.
  useEffect(() => input.current?.focus(), []);

  const load = async (q: string, before?: Message) => {
    setLoading(true);
    setError(null);
    try {
      const page = await searchMessages(conversationId, q, before?._id);
      setResults((prev) => ({ q, matches: before && prev ? [...prev.matches, ...page] : page, hasMore: page.length === SEARCH_PAGE_SIZE }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) void load(text.trim());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  return (
    <Box px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: '#fff' }} onKeyDown={onKeyDown}>
      <form onSubmit={submit} role="search" aria-label="Search this conversation">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput flex={1} size="sm" label="Search messages" ref={input} placeholder="Words in this conversation"
            maxLength={SEARCH_MAX_LENGTH} value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <Button size="sm" type="submit" loading={loading && !results}>Search</Button>
          <CloseButton size="lg" aria-label="Close search" onClick={onClose} />
        </Group>
      </form>
      {error && <Text size="sm" c="red.8" role="alert" mt={4}>{error}</Text>}
      {results && (
        <Box mt="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {results.matches.length === 0
              ? `No messages match "${results.q}".`
              : `${plural(results.matches.length, 'match', 'matches')}${results.hasMore ? ' so far' : ''} for "${results.q}"`}
          </Text>
          <ul className="chat-search-results" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Search results">
            {results.matches.map((m) => (
              <li key={m._id}>
                <UnstyledButton w="100%" p={6} onClick={() => onJump(m)} data-testid="search-result"
                  style={{ borderRadius: 6 }} className="chat-search-result">
                  <Text size="xs" c="dimmed">{m.sender.name} · <time dateTime={m.createdAt}>{timeAgo(m.createdAt)}</time></Text>
                  <Text size="sm" lineClamp={2}><Highlighted text={m.text} q={results.q} /></Text>
                </UnstyledButton>
              </li>
            ))}
          </ul>
          {results.hasMore && (
            <Button size="compact-sm" variant="subtle" loading={loading} onClick={() => void load(results.q, results.matches.at(-1))}>
              More matches
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

/** The text with each match of `q` (any case) marked. */
function Highlighted({ text, q }: { text: string; q: string }) {
  const lower = text.toLowerCase();
  const needle = q.toLowerCase();
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (let i = lower.indexOf(needle); needle && i >= 0; i = lower.indexOf(needle, at)) {
    if (i > at) parts.push({ text: text.slice(at, i), match: false });
    parts.push({ text: text.slice(i, i + needle.length), match: true });
    at = i + needle.length;
  }
  parts.push({ text: text.slice(at), match: false });
  return <>{parts.map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}
