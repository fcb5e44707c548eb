import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { useStartChat } from '../api.ts';

export function StartChatButton({ userId, name, ...props }: { userId: string; name: string } & ButtonProps) {
  const { start, startingWith, refusal } = useStartChat();
  return (
    <Stack gap={4} align={props.fullWidth ? 'stretch' : 'flex-end'}>
      <Button {...props} loading={startingWith === userId} onClick={() => void start(userId)} aria-label={`Start Chat with ${name}`}>
        Start Chat
      </Button>
      {refusal && <Text size="sm" c="red.9" role="alert">{refusal}</Text>}
    </Stack>
  );
}
