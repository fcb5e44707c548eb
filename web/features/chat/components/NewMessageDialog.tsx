// "New message" in /chat: find a colleague by name and open (or start) the conversation with them.
// Members who do not accept one's messages are listed, disabled, with the words the send path uses.
import { useState } from 'react';
import { Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { SEARCH_MAX_LENGTH, type Recipient } from '../../../../common/chat.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { chatKeys, findRecipients, startConversation } from '../api.ts';

const m = withValues(defineMessages({
  title: { id: 'chat.newMessage.title', defaultMessage: 'New message', description: 'Title of the dialog that opens or starts a conversation with a colleague' },
  close: { id: 'chat.newMessage.close', defaultMessage: 'Close', description: 'Accessible name of the dialog close button' },
  search: { id: 'chat.newMessage.search', defaultMessage: 'Search colleagues by name', description: 'Label of the name search that finds a colleague to write to' },
  placeholder: { id: 'chat.newMessage.placeholder', defaultMessage: 'Name', description: 'Placeholder of the colleague search field' },
  none: { id: 'chat.newMessage.none', defaultMessage: 'No colleagues found for "{q}".', description: 'The colleague search found nobody; q is what was typed' },
  results: { id: 'chat.newMessage.results', defaultMessage: 'Colleagues', description: 'Accessible name of the list of colleagues found' },
  notAccepting: { id: 'chat.newMessage.notAccepting', defaultMessage: 'This member is not accepting messages from you.', description: 'Shown under a colleague who cannot be messaged (the words of common/blocks.ts notAccepting)' },
  opening: { id: 'chat.newMessage.opening', defaultMessage: 'Opening conversation', description: 'Accessible name of the spinner while the conversation with the chosen colleague opens' },
}));

type Props = { opened: boolean; onClose: () => void; onOpened: (conversationId: string) => void };

export function NewMessageDialog({ opened, onClose, onOpened }: Props) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState<string | null>(null);
  const found = useQuery({
    queryKey: [...chatKeys.all, 'recipients', q],
    queryFn: ({ signal }) => findRecipients(q, signal),
    enabled: opened && q.length > 0,
    staleTime: 30_000,
  });
  const close = () => {
    setText('');
    setError(null);
    onClose();
  };
  const choose = (r: Recipient) => {
    setError(null);
    setStarting(r._id);
    startConversation(r._id)
      .then(({ _id }) => {
        close();
        onOpened(_id);
      })
      .catch((e: Error) => setError(e.message))
      .finally(() => setStarting(null));
  };
  const users = found.data?.users ?? [];

  return (
    <Modal opened={opened} onClose={close} title={intl.formatMessage(m.title)} size="md" closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}>
      <TextInput label={intl.formatMessage(m.search)} placeholder={intl.formatMessage(m.placeholder)} data-autofocus maxLength={SEARCH_MAX_LENGTH}
        value={text} onChange={(e) => setText(e.currentTarget.value)} rightSection={found.isFetching ? <Loader size="xs" /> : null} />
      {error && <Text size="sm" c="red.8" role="alert" mt="xs">{error}</Text>}
      <Text size="sm" c="dimmed" mt="xs" aria-live="polite">
        {q && found.isSuccess && users.length === 0 ? intl.formatMessage(m.none, { q }) : ''}
      </Text>
      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }} aria-label={intl.formatMessage(m.results)}>
        {users.map((r) => (
          <li key={r._id}>
            <UnstyledButton w="100%" p="xs" disabled={!r.canMessage || starting !== null} onClick={() => choose(r)}
              aria-describedby={r.canMessage ? undefined : `why-${r._id}`} data-testid="recipient"
              style={{ borderRadius: 8, opacity: r.canMessage ? 1 : 0.75, cursor: r.canMessage ? 'pointer' : 'not-allowed' }}>
              <Group gap="sm" wrap="nowrap">
                <UserAvatar name={r.name} src={r.avatar} radius="xl" />
                <div>
                  <Text fw={600}>{r.name}</Text>
                  {!r.canMessage && <Text size="xs" c="gray.7" id={`why-${r._id}`}>{intl.formatMessage(m.notAccepting)}</Text>}
                </div>
                {starting === r._id && <Loader size="xs" ml="auto" aria-label={intl.formatMessage(m.opening)} />}
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Modal>
  );
}
