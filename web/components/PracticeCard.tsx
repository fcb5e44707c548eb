import { Anchor, Group, Paper, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { PracticeSummary } from '../../common/practices.ts';
import { useOptionLabels } from '../lib/option-labels.ts';
import { PracticeLogo } from './PracticeLogo.tsx';

const m = defineMessages<{ accepting: { accepting: number; total: number } }>({
  accepting: { id: 'practices.card.accepting', defaultMessage: '{accepting, number} of {total, plural, one {# clinician} other {# clinicians}} accepting', description: 'On a practice\'s card: how many of its clinicians take new clients, of all of them.' },
});

/** A practice in a list (the directory's Practices tab): its logo, name, places and how many clinicians accept clients. */
export function PracticeCard({ practice: p }: { practice: PracticeSummary }) {
  const intl = useIntl();
  const labels = useOptionLabels();
  return (
    <Paper withBorder radius="md" p="lg" component="article" aria-labelledby={`practice-${p._id}`}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <PracticeLogo name={p.name} logo={p.logo} size={56} />
        <div style={{ minWidth: 0 }}>
          <Text component="h2" fw={700} size="lg" m={0} id={`practice-${p._id}`} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={`/practices/${p.slug}`} c="dark.8" inherit>{p.name}</Anchor>
          </Text>
          <Text size="sm" c="dimmed">{p.locations.map((l) => `${l.city}, ${labels.region(l.region)}`).join(' · ')}</Text>
          <Text size="sm" mt={4} data-testid="practice-accepting">
            {intl.formatMessage(m.accepting, { accepting: p.acceptingCount, total: p.clinicianCount })}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
