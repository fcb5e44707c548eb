import { Anchor, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Resource } from '../../common/resources.ts';

/** The submitter's name, or the spec's 'Unknown' when the account is gone. */
const submitterName = (resource: Resource) => resource.createdBy?.name ?? 'Unknown';

/** A link that opens the resource in a new tab without giving that page a handle on ours. */
function ResourceLink({ resource, children }: { resource: Resource; children?: ReactNode }) {
  return (
    <Anchor href={resource.link} target="_blank" rel="noopener noreferrer" fw={600}>
      {children ?? resource.title}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

export function ResourceCard({ resource, status, actions }: { resource: Resource; status?: ReactNode; actions?: ReactNode }) {
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
            <Badge variant="light" c="brand.9">{resource.category}</Badge>
          </Group>
        </Group>
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{resource.description}</Text>
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" c="dimmed">Shared by {submitterName(resource)}</Text>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
      </Stack>
    </Paper>
  );
}
