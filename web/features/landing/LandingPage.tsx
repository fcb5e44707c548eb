import { Blockquote, Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { FaqSection } from './FaqSection.tsx';
import { FeaturedTherapists } from './FeaturedTherapists.tsx';
import { HeroIllustration } from './HeroIllustration.tsx';

const m = defineMessages({
  heroTitle: {
    id: 'landing.hero.title', defaultMessage: 'A professional network for therapists to connect, collaborate, and grow.',
    description: 'The landing page\'s main heading.',
  },
  heroText: {
    id: 'landing.hero.text', defaultMessage: 'Find peers you can trust, talk through hard cases, share what works, and build your referral network.',
    description: 'Under the landing page\'s main heading.',
  },
  join: { id: 'landing.hero.join', defaultMessage: 'Join Now', description: 'Button to the registration screen.' },
  viewAll: { id: 'landing.viewAllTherapists', defaultMessage: 'View All Therapists', description: 'Button to the therapist directory.' },
  whatTitle: { id: 'landing.what.title', defaultMessage: 'What\'s THERA ROOT', description: 'Heading of the section saying what the product is (the name in capitals, as designed).' },
  whatText: {
    id: 'landing.what.text',
    defaultMessage: 'Thera Root brings verified mental-health therapists together in one calm place: a directory to find colleagues by '
      + 'location, specialty and modality, communities for the questions that come up in practice, a shared library, and private chat.',
    description: 'What the product is, under "What\'s THERA ROOT".',
  },
  verifiedTitle: { id: 'landing.features.verified.title', defaultMessage: 'Verified peers', description: 'A feature\'s heading on the landing page.' },
  verifiedText: {
    id: 'landing.features.verified.text', defaultMessage: 'Every member proves their licence or registration; credentials show on each profile.',
    description: 'The "Verified peers" feature.',
  },
  chatTitle: { id: 'landing.features.chat.title', defaultMessage: 'Real-time chat', description: 'A feature\'s heading on the landing page.' },
  chatText: { id: 'landing.features.chat.text', defaultMessage: 'Private one-to-one conversations for consultation and referrals.', description: 'The "Real-time chat" feature.' },
  forumsTitle: { id: 'landing.features.forums.title', defaultMessage: 'Forums and communities', description: 'A feature\'s heading on the landing page.' },
  forumsText: {
    id: 'landing.features.forums.text', defaultMessage: 'Join communities matched to your specialties, modalities and the people you serve.',
    description: 'The "Forums and communities" feature.',
  },
  libraryTitle: { id: 'landing.features.library.title', defaultMessage: 'Resource library', description: 'A feature\'s heading on the landing page.' },
  libraryText: {
    id: 'landing.features.library.text', defaultMessage: 'Articles, worksheets, courses and research, reviewed by moderators.',
    description: 'The "Resource library" feature.',
  },
  featured: { id: 'landing.featured.title', defaultMessage: 'Featured Therapists', description: 'Heading of the landing page\'s featured therapists.' },
  quoteLabel: { id: 'landing.quote.label', defaultMessage: 'Quote', description: 'Accessible name of the section holding a quotation.' },
  quote: {
    id: 'landing.quote.text', defaultMessage: 'The curious paradox is that when I accept myself just as I am, then I can change.',
    description: 'A quotation by Carl Rogers, On Becoming a Person (1961); use its published French translation if there is one.',
  },
  quoteBy: { id: 'landing.quote.by', defaultMessage: '— Carl Rogers', description: 'Who said the quotation.' },
  faq: { id: 'landing.faq.heading', defaultMessage: 'FAQ', description: 'Heading of the landing page\'s frequently asked questions (an abbreviation).' },
});

const FEATURES = [
  { title: m.verifiedTitle, text: m.verifiedText },
  { title: m.chatTitle, text: m.chatText },
  { title: m.forumsTitle, text: m.forumsText },
  { title: m.libraryTitle, text: m.libraryText },
];

// The page arrives drawn (docs/decisions/0099); each section is its own boundary so the browser takes them over one
// at a time in short tasks, instead of one long task that would hold a tap on the page.
const Section = ({ children }: { children: ReactNode }) => <Suspense>{children}</Suspense>;

export default function LandingPage() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { hash } = useLocation();
  // The featured therapists arrive after the page and push what follows down: scroll again once they are in.
  const featuredLoading = useIsFetching({ queryKey: ['therapists', 'featured'] }) > 0;
  // React Router does not scroll to anchors; the FAQ link is /#faq.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, featuredLoading]);
  return (
    <>
      <Section>
        <Box component="section" py={{ base: 48, sm: 96 }} style={{ background: 'linear-gradient(180deg, var(--mantine-color-brand-0), var(--mantine-color-gray-0))' }}>
          <Container size="lg">
            <Group justify="space-between" align="center" wrap="nowrap" gap="xl">
            <Stack maw={720} gap="lg">
              <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.1}>
                {t(m.heroTitle)}
              </Title>
              <Text size="lg">{t(m.heroText)}</Text>
              <Group>
                <Button component={Link} to="/register" size="lg">{t(m.join)}</Button>
                <Button component={Link} to="/therapists" size="lg" variant="default">{t(m.viewAll)}</Button>
              </Group>
            </Stack>
            <Box visibleFrom="md" style={{ flex: '0 1 440px' }} data-testid="hero-illustration"><HeroIllustration /></Box>
            </Group>
          </Container>
        </Box>
      </Section>

      <Section>
        <Container size="lg" py="xl" component="section" aria-labelledby="what">
          <Title order={2} id="what" mb="md">{t(m.whatTitle)}</Title>
          <Text mb="lg" maw={760}>{t(m.whatText)}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {FEATURES.map((f, i) => (
              <Stack key={f.title.id} gap={6}>
                <ThemeIcon size="lg" radius="xl" aria-hidden>{intl.formatNumber(i + 1)}</ThemeIcon>
                <Title order={3} size="h4">{t(f.title)}</Title>
                <Text size="sm">{t(f.text)}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Section>

      <Section>
        <Container size="lg" py="xl" component="section" aria-labelledby="featured">
          <Group justify="space-between" mb="md">
            <Title order={2} id="featured">{t(m.featured)}</Title>
            <Button component={Link} to="/therapists" variant="light">{t(m.viewAll)}</Button>
          </Group>
          <FeaturedTherapists />
        </Container>
      </Section>

      <Section>
        <Container size="md" py="xl" component="section" aria-label={t(m.quoteLabel)}>
          <Blockquote color="brand" cite={t(m.quoteBy)}>
            {t(m.quote)}
          </Blockquote>
        </Container>
      </Section>

      <Section>
        <Container size="md" py="xl" component="section" id="faq" aria-labelledby="faq-title">
          <Title order={2} id="faq-title" mb="lg">{t(m.faq)}</Title>
          <FaqSection />
        </Container>
      </Section>
    </>
  );
}
