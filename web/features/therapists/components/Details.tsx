import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Label } from '../../../lib/option-labels.ts';
import { Tag, type TagColor } from './BadgeList.tsx';

const m = defineMessages({
  notSpecified: { id: 'therapists.details.notSpecified', defaultMessage: 'Not specified', description: 'A profile list the therapist left empty' },
});

/** Stored option values as tags, each shown by its `label` in the member's language. */
export function Tags({ values, color, label }: { values: string[]; color: TagColor; label: Label }) {
  const intl = useIntl();
  if (values.length === 0) return <Text size="sm" c="dimmed">{intl.formatMessage(m.notSpecified)}</Text>;
  return <Group gap={6}>{values.map((v) => <Tag key={v} value={label(v)} color={color} />)}</Group>;
}

/**
 * Label and value pairs as a real description list, so screen readers announce them as such. Each row wraps:
 * label beside the value on wide screens, above it on narrow ones.
 */
export function Details({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, value]) => value !== '' && value !== null && value !== undefined);
  return (
    <Stack component="dl" gap="sm" m={0}>
      {shown.map(([label, value]) => (
        <Group key={label} gap={4} align="baseline" wrap="wrap">
          <Text component="dt" fw={600} w="10rem">{label}</Text>
          <Box component="dd" m={0} style={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}>{value}</Box>
        </Group>
      ))}
    </Stack>
  );
}
