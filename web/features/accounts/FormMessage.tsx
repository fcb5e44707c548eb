import { Alert } from '@mantine/core';

/**
 * The spec's styling rule: a message containing 'successful' is a success, anything else an error.
 * `success` overrides it where the good news has no such word (the reset link was sent).
 */
export function FormMessage({ message, success }: { message: string | null; success?: boolean }) {
  if (!message) return null;
  const good = success ?? message.toLowerCase().includes('successful');
  return (
    <Alert color={good ? 'green' : 'red'} role={good ? 'status' : 'alert'} variant="light">
      {message}
    </Alert>
  );
}
