import { Accordion, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { GENERAL_QUESTIONS, HOW_TO_QUESTIONS, type FaqItem } from './faq.ts';

const m = defineMessages({
  general: { id: 'landing.faq.general', defaultMessage: 'General Questions', description: 'Heading of the FAQ\'s first group.' },
  howTo: { id: 'landing.faq.howTo', defaultMessage: 'Navigating and How-Tos', description: 'Heading of the FAQ\'s second group: how to use the app.' },
});

type GroupProps = { id: string; title: string; items: FaqItem[]; open: string | null; onChange: (v: string | null) => void; level: 2 | 3 };

function Group({ id, title, items, open, onChange, level }: GroupProps) {
  const intl = useIntl();
  return (
    <section aria-labelledby={id}>
      <Title order={level} size="h3" id={id} mb="sm">{title}</Title>
      <Accordion value={open} onChange={onChange} variant="separated" chevronPosition="right">
        {items.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{intl.formatMessage(item.question)}</Accordion.Control>
            <Accordion.Panel>{intl.formatMessage(item.answer)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  );
}

/**
 * Both groups share one open item: opening any question closes the one that was open.
 * `level`: the groups' heading level, one below the heading they sit under (the FAQ page's h1, the landing's h2).
 * The headings' ids are fixed words, not the titles: a title with a space made aria-labelledby name two ids, and a
 * translated one would change them.
 */
export function FaqSection({ level = 3 }: { level?: 2 | 3 }) {
  const intl = useIntl();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="xl">
      <Group id="faq-general" title={intl.formatMessage(m.general)} items={GENERAL_QUESTIONS} open={open} onChange={setOpen} level={level} />
      <Group id="faq-how-to" title={intl.formatMessage(m.howTo)} items={HOW_TO_QUESTIONS} open={open} onChange={setOpen} level={level} />
    </Stack>
  );
}
