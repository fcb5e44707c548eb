import { Anchor, Container, Group, Text } from '@mantine/core';

// The landing page's footer is drawn at build time (docs/decisions/0099): a build from last year keeps its year until
// the next render rather than failing the page's takeover.
export function Footer() {
  return (
    <Container component="footer" size="lg" py="xl">
      <Group justify="space-between" gap="xs">
        <Text size="sm">© <span suppressHydrationWarning>{new Date().getFullYear()}</span> Thera Root. Built with care for the therapists who care for others.</Text>
        <Text size="sm">
          Credits: <Anchor underline="always" href="https://mantine.dev" target="_blank" rel="noopener noreferrer">Mantine</Anchor> and{' '}
          <Anchor underline="always" href="https://react.dev" target="_blank" rel="noopener noreferrer">React</Anchor>.
          Illustrations: original line art by the Thera Root team.
        </Text>
      </Group>
    </Container>
  );
}
