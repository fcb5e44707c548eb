import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { useStartChat } from '../api.ts';

const m = defineMessages({
  start: { id: 'therapists.startChat', defaultMessage: 'Start Chat', description: 'Button: open a conversation with this therapist' },
});
const startWith = defineMessage<{ name: MessageValue }>({ id: 'therapists.startChatWith', defaultMessage: 'Start Chat with {name}', description: 'Accessible name of the Start Chat button; name: the therapist' });

export function StartChatButton({ userId, name, ...props }: { userId: string; name: string } & ButtonProps) {
  const { start, startingWith, refusal } = useStartChat();
  const intl = useIntl();
  return (
    <Stack gap={4} align={props.fullWidth ? 'stretch' : 'flex-end'}>
      <Button {...props} loading={startingWith === userId} onClick={() => void start(userId)} aria-label={intl.formatMessage(startWith, { name })}>
        {intl.formatMessage(m.start)}
      </Button>
      {refusal && <Text size="sm" c="red.9" role="alert">{refusal}</Text>}
    </Stack>
  );
}
