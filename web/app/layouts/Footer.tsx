import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage, defineMessages, type MessageValue } from 'react-intl';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

const m = defineMessages<{ tagline: { year: MessageValue }; credits: { mantine: MessageValue; react: MessageValue } }>({
  tagline: {
    id: 'app.footer.tagline',
    defaultMessage: '© {year} Thera Root. Built with care for the therapists who care for others.',
    description: 'The footer\'s first line: {year} is the current year.',
  },
  credits: {
    id: 'app.footer.credits',
    defaultMessage: 'Credits: {mantine} and {react}. Illustrations: original line art by the Thera Root team.',
    description: 'The footer\'s credits: {mantine} and {react} are links named Mantine and React (names of software, not translated).',
  },
});

const credit = (href: string, name: string) => (
  <Anchor underline="always" href={href} target="_blank" rel="noopener noreferrer">{name}</Anchor>
);

// The landing page's footer is drawn at build time (docs/decisions/0099): a build from last year keeps its year until
// the next render rather than failing the page's takeover. The language switch is here for every visitor and member.
export function Footer() {
  return (
    <Container component="footer" size="lg" py="xl">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            <FormattedMessage {...m.tagline} values={{ year: <span suppressHydrationWarning>{new Date().getFullYear()}</span> }} />
          </Text>
          <Text size="sm">
            <FormattedMessage {...m.credits} values={{ mantine: credit('https://mantine.dev', 'Mantine'), react: credit('https://react.dev', 'React') }} />
          </Text>
        </Group>
        <LanguageSwitch />
      </Stack>
    </Container>
  );
}
