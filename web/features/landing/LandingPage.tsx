import { Blockquote, Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { FaqSection } from './FaqSection.tsx';
import { FeaturedTherapists } from './FeaturedTherapists.tsx';
import { HeroIllustration } from './HeroIllustration.tsx';

const FEATURES = [
  { title: 'Verified peers', text: 'Every member proves their licence or registration; credentials show on each profile.' },
  { title: 'Real-time chat', text: 'Private one-to-one conversations for consultation and referrals.' },
  { title: 'Forums and communities', text: 'Join communities matched to your specialties, modalities and the people you serve.' },
  { title: 'Resource library', text: 'Articles, worksheets, courses and research, reviewed by moderators.' },
];

// The page arrives drawn (docs/decisions/0099); each section is its own boundary so the browser takes them over one
// at a time in short tasks, instead of one long task that would hold a tap on the page.
const Section = ({ children }: { children: ReactNode }) => <Suspense>{children}</Suspense>;

export default function LandingPage() {
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
                A professional network for therapists to connect, collaborate, and grow.
              </Title>
              <Text size="lg">Find peers you can trust, talk through hard cases, share what works, and build your referral network.</Text>
              <Group>
                <Button component={Link} to="/register" size="lg">Join Now</Button>
                <Button component={Link} to="/therapists" size="lg" variant="default">View All Therapists</Button>
              </Group>
            </Stack>
            <Box visibleFrom="md" style={{ flex: '0 1 440px' }} data-testid="hero-illustration"><HeroIllustration /></Box>
            </Group>
          </Container>
        </Box>
      </Section>

      <Section>
        <Container size="lg" py="xl" component="section" aria-labelledby="what">
          <Title order={2} id="what" mb="md">What's THERA ROOT</Title>
          <Text mb="lg" maw={760}>
            Thera Root brings verified mental-health therapists together in one calm place: a directory to find colleagues by
            location, specialty and modality, communities for the questions that come up in practice, a shared library, and private chat.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {FEATURES.map((f, i) => (
              <Stack key={f.title} gap={6}>
                <ThemeIcon size="lg" radius="xl" aria-hidden>{i + 1}</ThemeIcon>
                <Title order={3} size="h4">{f.title}</Title>
                <Text size="sm">{f.text}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Section>

      <Section>
        <Container size="lg" py="xl" component="section" aria-labelledby="featured">
          <Group justify="space-between" mb="md">
            <Title order={2} id="featured">Featured Therapists</Title>
            <Button component={Link} to="/therapists" variant="light">View All Therapists</Button>
          </Group>
          <FeaturedTherapists />
        </Container>
      </Section>

      <Section>
        <Container size="md" py="xl" component="section" aria-label="Quote">
          <Blockquote color="brand" cite="— Carl Rogers">
            The curious paradox is that when I accept myself just as I am, then I can change.
          </Blockquote>
        </Container>
      </Section>

      <Section>
        <Container size="md" py="xl" component="section" id="faq" aria-labelledby="faq-title">
          <Title order={2} id="faq-title" mb="lg">FAQ</Title>
          <FaqSection />
        </Container>
      </Section>
    </>
  );
}
