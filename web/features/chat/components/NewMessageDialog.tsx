// "New message" in /chat: find a colleague by name and open (or start) the conversation with them.
// Members who do not accept one's messages are listed, disabled, with the words the send path uses.
import { useState } from 'react';
import { Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { BLOCK_TEXTS } from '../../../../common/blocks.ts';
import { SEARCH_MAX_LENGTH, type Recipient } from '../../../../common/chat.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { chatKeys, findRecipients, startConversation } from '../api.ts';

type Props = { opened: boolean; onClose: () => void; onOpened: (conversationId: string) => void };

export function NewMessageDialog({ opened, onClose, onOpened }: Props) {
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
    <Modal opened={opened} onClose={close} title="New message" size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      <TextInput label="Search colleagues by name" placeholder="Name" data-autofocus maxLength={SEARCH_MAX_LENGTH}
        value={text} onChange={(e) => setText(e.currentTarget.value)} rightSection={found.isFetching ? <Loader size="xs" /> : null} />
      {error && <Text size="sm" c="red.8" role="alert" mt="xs">{error}</Text>}
      <Text size="sm" c="dimmed" mt="xs" aria-live="polite">
        {q && found.isSuccess && users.length === 0 ? `No colleagues found for "${q}".` : ''}
      </Text>
      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Colleagues">
        {users.map((r) => (
          <li key={r._id}>
            <UnstyledButton w="100%" p="xs" disabled={!r.canMessage || starting !== null} onClick={() => choose(r)}
              aria-describedby={r.canMessage ? undefined : `why-${r._id}`} data-testid="recipient"
              style={{ borderRadius: 8, opacity: r.canMessage ? 1 : 0.75, cursor: r.canMessage ? 'pointer' : 'not-allowed' }}>
              <Group gap="sm" wrap="nowrap">
                <UserAvatar name={r.name} src={r.avatar} radius="xl" />
                <div>
                  <Text fw={600}>{r.name}</Text>
                  {!r.canMessage && <Text size="xs" c="gray.7" id={`why-${r._id}`}>{BLOCK_TEXTS.notAccepting}</Text>}
                </div>
                {starting === r._id && <Loader size="xs" ml="auto" aria-label="Opening conversation" />}
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Modal>
  );
}
