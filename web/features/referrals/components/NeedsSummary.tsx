import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Urgency } from '../../../../common/referrals.ts';
import { regionName } from '../../../../common/regions.ts';
import { formatDay, URGENCY_LABELS } from './labels.ts';

export type Needs = {
  ageGroup: string; concerns: string[]; modalities: string[]; sessionFormats: string[]; region: string;
  languages: string[]; feeModels: string[]; urgency: Urgency; neededBy: string | null; note: string;
};

function Tags({ values }: { values: string[] }) {
  return <Group gap={6}>{values.map((v) => <Badge key={v} variant="light" color="gray" c="dark.7" tt="none">{v}</Badge>)}</Group>;
}

/** What the client needs, as a description list (label beside the value when there is room, above it when not). */
export function NeedsSummary({ needs }: { needs: Needs }) {
  const rows: [string, ReactNode][] = [
    ['Age group', needs.ageGroup],
    ['Concerns', <Tags values={needs.concerns} />],
    ['Modalities', needs.modalities.length ? <Tags values={needs.modalities} /> : null],
    ['Session formats', needs.sessionFormats.join(', ')],
    ['Region', regionName(needs.region)],
    ['Languages', needs.languages.join(', ')],
    ['Fees', needs.feeModels.join(', ')],
    ['Urgency', URGENCY_LABELS[needs.urgency]],
    ['Needed by', needs.neededBy ? formatDay(needs.neededBy) : null],
  ];
  return (
    <Stack gap="xs">
      <Stack component="dl" gap={6} m={0}>
        {rows.filter(([, value]) => value !== null && value !== '').map(([label, value]) => (
          <Group key={label} gap={4} align="baseline" wrap="wrap">
            <Text component="dt" fw={600} w="9rem" size="sm">{label}</Text>
            <Box component="dd" m={0} style={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}>
              {typeof value === 'string' ? <Text size="sm">{value}</Text> : value}
            </Box>
          </Group>
        ))}
      </Stack>
      {needs.note && (
        <Box>
          <Text fw={600} size="sm">Note</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{needs.note}</Text>
        </Box>
      )}
    </Stack>
  );
}
