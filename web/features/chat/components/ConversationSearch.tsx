// Search in the open conversation's history: matches newest first with sender and time, a page at a
// time; choosing one jumps to it in the conversation, as Slack does.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Box, Button, CloseButton, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { SEARCH_MAX_LENGTH, type Message } from '../../../../common/chat.ts';
import { DOT } from '../../../lib/punctuation.ts';
import { useTimeAgo } from '../../../lib/time.ts';
import { SEARCH_PAGE_SIZE, searchMessages } from '../api.ts';

const m = withValues(defineMessages({
  form: { id: 'chat.search.form', defaultMessage: 'Search this conversation', description: 'Accessible name of the search form of the open conversation' },
  label: { id: 'chat.search.label', defaultMessage: 'Search messages', description: 'Label of the search field in the open conversation' },
  placeholder: { id: 'chat.search.placeholder', defaultMessage: 'Words in this conversation', description: 'Placeholder of the conversation search field' },
  submit: { id: 'chat.search.submit', defaultMessage: 'Search', description: 'Button: search the conversation for the words typed' },
  close: { id: 'chat.search.close', defaultMessage: 'Close search', description: 'Accessible name of the button closing the conversation search' },
  none: { id: 'chat.search.none', defaultMessage: 'No messages match "{q}".', description: 'The search found no message; q is what was searched' },
  found: {
    id: 'chat.search.found', defaultMessage: '{count, plural, one {# match} other {# matches}}{more, select, yes { so far} other {}} for "{q}"',
    description: 'How many messages match the search; more is "yes" when older matches may follow; q is what was searched',
  },
  results: { id: 'chat.search.results', defaultMessage: 'Search results', description: 'Accessible name of the list of matching messages' },
  more: { id: 'chat.search.more', defaultMessage: 'More matches', description: 'Button: load older matching messages' },
}));

type Props = { conversationId: string; onJump: (message: Message) => void; onClose: () => void };
type Results = { q: string; matches: Message[]; hasMore: boolean };

export function ConversationSearch({ conversationId, onJump, onClose }: Props) {
  const intl = useIntl();
  const timeAgo = useTimeAgo();
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
      <form onSubmit={submit} role="search" aria-label={intl.formatMessage(m.form)}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput flex={1} size="sm" label={intl.formatMessage(m.label)} ref={input} placeholder={intl.formatMessage(m.placeholder)}
            maxLength={SEARCH_MAX_LENGTH} value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <Button size="sm" type="submit" loading={loading && !results}>{intl.formatMessage(m.submit)}</Button>
          <CloseButton size="lg" aria-label={intl.formatMessage(m.close)} onClick={onClose} />
        </Group>
      </form>
      {error && <Text size="sm" c="red.8" role="alert" mt={4}>{error}</Text>}
      {results && (
        <Box mt="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {results.matches.length === 0
              ? intl.formatMessage(m.none, { q: results.q })
              : intl.formatMessage(m.found, { count: results.matches.length, more: results.hasMore ? 'yes' : 'no', q: results.q })}
          </Text>
          <ul className="chat-search-results" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={intl.formatMessage(m.results)}>
            {results.matches.map((match) => (
              <li key={match._id}>
                <UnstyledButton w="100%" p={6} onClick={() => onJump(match)} data-testid="search-result"
                  style={{ borderRadius: 6 }} className="chat-search-result">
                  <Text size="xs" c="dimmed"><span translate="no">{match.sender.name}</span>{DOT}<time dateTime={match.createdAt}>{timeAgo(match.createdAt)}</time></Text>
                  <Text size="sm" lineClamp={2}><Highlighted text={match.text} q={results.q} /></Text>
                </UnstyledButton>
              </li>
            ))}
          </ul>
          {results.hasMore && (
            <Button size="compact-sm" variant="subtle" loading={loading} onClick={() => void load(results.q, results.matches.at(-1))}>
              {intl.formatMessage(m.more)}
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
