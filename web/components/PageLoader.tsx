import { Center, Loader, Stack, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({
  loading: { id: 'components.loader.loading', defaultMessage: 'Loading...', description: 'Shown while a screen or its data loads.' },
});

/** `tall`: fills the screen, so what follows it (the footer) starts below the fold and does not jump when the page comes. */
export function PageLoader({ label, tall = false }: { label?: string; tall?: boolean }) {
  const intl = useIntl();
  return (
    <Center mih={tall ? '100vh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>{label ?? intl.formatMessage(m.loading)}</Text>
      </Stack>
    </Center>
  );
}
