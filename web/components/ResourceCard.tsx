import { Anchor, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Resource } from '../../common/resources.ts';
import { useOptionLabels } from '../lib/option-labels.ts';

const m = defineMessages({
  unknown: { id: 'components.resourceCard.unknown', defaultMessage: 'Unknown', description: 'Who shared a resource, when their account is gone.' },
  newTab: { id: 'components.resourceCard.newTab', defaultMessage: '(opens in a new tab)', description: 'Hidden text after a resource\'s link, for screen readers.' },
});
const mv = defineMessages<{ sharedBy: { name: string } }>({
  sharedBy: { id: 'components.resourceCard.sharedBy', defaultMessage: 'Shared by {name}', description: 'Under a resource: the member who shared it.' },
});

// Between the title and the hidden words after it: the same in every language.
const SPACE = ' ';

/** A link that opens the resource in a new tab without giving that page a handle on ours. */
function ResourceLink({ resource, children }: { resource: Resource; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <Anchor href={resource.link} target="_blank" rel="noopener noreferrer" fw={600}>
      {children ?? resource.title}
      <VisuallyHidden>{SPACE}{intl.formatMessage(m.newTab)}</VisuallyHidden>
    </Anchor>
  );
}

export function ResourceCard({ resource, status, actions }: { resource: Resource; status?: ReactNode; actions?: ReactNode }) {
  const intl = useIntl();
  const labels = useOptionLabels();
  // The submitter's name, or the spec's 'Unknown' when the account is gone.
  const submitter = resource.createdBy?.name ?? intl.formatMessage(m.unknown);
  return (
    <Paper component="article" withBorder p="md" radius="md">
      <Stack gap={6}>
        {/* On a narrow screen the badges wrap under the title rather than squeezing it. */}
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text component="h3" size="lg" m={0} style={{ flex: '1 1 220px', overflowWrap: 'anywhere' }}>
            <ResourceLink resource={resource} />
          </Text>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {status}
            <Badge variant="light" c="brand.9">{labels.resourceCategory(resource.category)}</Badge>
          </Group>
        </Group>
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{resource.description}</Text>
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" c="dimmed">{intl.formatMessage(mv.sharedBy, { name: submitter })}</Text>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
      </Stack>
    </Paper>
  );
}
