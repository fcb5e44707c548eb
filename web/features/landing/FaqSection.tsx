import { Accordion, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { GENERAL_QUESTIONS, HOW_TO_QUESTIONS, type FaqItem } from './faq.ts';

type GroupProps = { title: string; items: FaqItem[]; open: string | null; onChange: (v: string | null) => void; level: 2 | 3 };

function Group({ title, items, open, onChange, level }: GroupProps) {
  return (
    <section aria-labelledby={`faq-${title}`}>
      <Title order={level} size="h3" id={`faq-${title}`} mb="sm">{title}</Title>
      <Accordion value={open} onChange={onChange} variant="separated" chevronPosition="right">
        {items.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>{item.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  );
}

/**
 * Both groups share one open item: opening any question closes the one that was open.
 * `level`: the groups' heading level, one below the heading they sit under (the FAQ page's h1, the landing's h2).
 */
export function FaqSection({ level = 3 }: { level?: 2 | 3 }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="xl">
      <Group title="General Questions" items={GENERAL_QUESTIONS} open={open} onChange={setOpen} level={level} />
      <Group title="Navigating and How-Tos" items={HOW_TO_QUESTIONS} open={open} onChange={setOpen} level={level} />
    </Stack>
  );
}
