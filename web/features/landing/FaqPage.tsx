import { Container, Title } from '@mantine/core';
import { FaqSection } from './FaqSection.tsx';

export default function FaqPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">Frequently Asked Questions</Title>
      <FaqSection level={2} />
    </Container>
  );
}
