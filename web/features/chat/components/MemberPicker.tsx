// Finding colleagues by name for a group conversation: "New group" and the info panel's "Add member". Members who do
// not accept one's messages are listed, disabled, with the words the send path uses; members already chosen or already
// in the conversation are left out.
import { useState } from 'react';
import { Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { SEARCH_MAX_LENGTH, type Recipient } from '../../../../common/chat.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { chatKeys, findRecipients } from '../api.ts';

const m = withValues(defineMessages({
  search: { id: 'chat.picker.search', defaultMessage: 'Search colleagues by name', description: 'Label of the name search that finds colleagues to add to a group conversation' },
  placeholder: { id: 'chat.picker.placeholder', defaultMessage: 'Name', description: 'Placeholder of the colleague search field' },
  none: { id: 'chat.picker.none', defaultMessage: 'No colleagues found for "{q}".', description: 'The colleague search found nobody; q is what was typed' },
  results: { id: 'chat.picker.results', defaultMessage: 'Colleagues', description: 'Accessible name of the list of colleagues found' },
  notAccepting: { id: 'chat.picker.notAccepting', defaultMessage: 'This member is not accepting messages from you.', description: 'Shown under a colleague who cannot be messaged or added (the words of common/blocks.ts notAccepting)' },
}));

type Props = {
  /** Ids not to list (chosen already, or members of the conversation). */
  exclude: ReadonlySet<string>;
  onPick: (recipient: Recipient) => void;
  disabled?: boolean;
  label?: string;
};

export function MemberPicker({ exclude, onPick, disabled = false, label }: Props) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const found = useQuery({
    queryKey: [...chatKeys.all, 'recipients', q],
    queryFn: ({ signal }) => findRecipients(q, signal),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
  const users = (found.data?.users ?? []).filter((r) => !exclude.has(r._id));
  const notAccepting = intl.formatMessage(m.notAccepting);
  return (
    <div>
      <TextInput label={label ?? intl.formatMessage(m.search)} placeholder={intl.formatMessage(m.placeholder)} maxLength={SEARCH_MAX_LENGTH}
        value={text} onChange={(e) => setText(e.currentTarget.value)} rightSection={found.isFetching ? <Loader size="xs" /> : null} />
      <Text size="sm" c="dimmed" mt={4} aria-live="polite">
        {q && found.isSuccess && users.length === 0 ? intl.formatMessage(m.none, { q }) : ''}
      </Text>
      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }} aria-label={intl.formatMessage(m.results)}>
        {users.map((r) => (
          <li key={r._id}>
            <UnstyledButton w="100%" p="xs" disabled={!r.canMessage || disabled} onClick={() => onPick(r)}
              aria-describedby={r.canMessage ? undefined : `pick-why-${r._id}`} data-testid="member-choice"
              style={{ borderRadius: 8, opacity: r.canMessage ? 1 : 0.75, cursor: r.canMessage ? 'pointer' : 'not-allowed' }}>
              <Group gap="sm" wrap="nowrap">
                <UserAvatar name={r.name} src={r.avatar} radius="xl" size="sm" />
                <div>
                  <Text fw={600} size="sm">{r.name}</Text>
                  {!r.canMessage && <Text size="xs" c="gray.7" id={`pick-why-${r._id}`}>{notAccepting}</Text>}
                </div>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </div>
  );
}
