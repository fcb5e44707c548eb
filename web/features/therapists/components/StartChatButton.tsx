import { Button, type ButtonProps } from '@mantine/core';
import { useStartChat } from '../api.ts';

export function StartChatButton({ userId, name, ...props }: { userId: string; name: string } & ButtonProps) {
  const { start, startingWith } = useStartChat();
  return (
    <Button {...props} loading={startingWith === userId} onClick={() => void start(userId)} aria-label={`Start Chat with ${name}`}>
      Start Chat
    </Button>
  );
}
