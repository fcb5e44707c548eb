import { Center, Loader, Stack, Text } from '@mantine/core';

export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}
