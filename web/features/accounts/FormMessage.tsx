import { Alert } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * The spec's styling rule: a message containing 'successful' is a success, anything else an error.
 * `success` overrides it where the good news has no such word (the reset link was sent).
 * The message sits at the top of its form; on a long form (registration) the user is at the bottom when it appears,
 * so it is brought into view.
 */
export function FormMessage({ message, success }: { message: string | null; success?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) box.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [message]);
  if (!message) return null;
  const good = success ?? message.toLowerCase().includes('successful');
  return (
    <Alert ref={box} color={good ? 'green' : 'red'} role={good ? 'status' : 'alert'} variant="light">
      {message}
    </Alert>
  );
}
