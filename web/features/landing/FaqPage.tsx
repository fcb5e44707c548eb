import { Container, Title } from '@mantine/core';
import { defineMessages, FormattedMessage } from 'react-intl';
import { FaqSection } from './FaqSection.tsx';

const m = defineMessages({
  title: { id: 'landing.faq.title', defaultMessage: 'Frequently Asked Questions', description: 'Title of the /faq page.' },
});

export default function FaqPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        <FormattedMessage {...m.title} />
      </Title>
      <FaqSection level={2} />
    </Container>
  );
}
