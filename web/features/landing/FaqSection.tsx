import { Accordion, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { GENERAL_QUESTIONS, HOW_TO_QUESTIONS, type FaqItem } from './faq.ts';

function Group({ title, items, open, onChange }: { title: string; items: FaqItem[]; open: string | null; onChange: (v: string | null) => void }) {
  return (
    <section aria-labelledby={`faq-${title}`}>
      <Title order={3} id={`faq-${title}`} mb="sm">{title}</Title>
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

/** Both groups share one open item: opening any question closes the one that was open. */
export function FaqSection() {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="xl">
      <Group title="General Questions" items={GENERAL_QUESTIONS} open={open} onChange={setOpen} />
      <Group title="Navigating and How-Tos" items={HOW_TO_QUESTIONS} open={open} onChange={setOpen} />
    </Stack>
  );
}
