import { Center, Loader, Stack, Text } from '@mantine/core';

/** `tall`: fills the screen, so what follows it (the footer) starts below the fold and does not jump when the page comes. */
export function PageLoader({ label = 'Loading...', tall = false }: { label?: string; tall?: boolean }) {
  return (
    <Center mih={tall ? '100vh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}
