import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import type { Urgency } from '../../../../common/referrals.ts';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import { formatDay, URGENCY_LABELS } from './labels.ts';

const m = withValues(defineMessages({
  ageGroup: { id: 'referrals.summary.ageGroup', defaultMessage: 'Age group', description: 'A row label of a referral\'s needs: the client\'s age group.' },
  concerns: { id: 'referrals.summary.concerns', defaultMessage: 'Concerns', description: 'A row label of a referral\'s needs: the client\'s concerns.' },
  modalities: { id: 'referrals.summary.modalities', defaultMessage: 'Modalities', description: 'A row label of a referral\'s needs: the therapy approaches wanted.' },
  sessionFormats: { id: 'referrals.summary.sessionFormats', defaultMessage: 'Session formats', description: 'A row label of a referral\'s needs: in person, online...' },
  region: { id: 'referrals.summary.region', defaultMessage: 'Region', description: 'A row label of a referral\'s needs: the province or state the client lives in.' },
  languages: { id: 'referrals.summary.languages', defaultMessage: 'Languages', description: 'A row label of a referral\'s needs: the languages the client needs.' },
  fees: { id: 'referrals.summary.fees', defaultMessage: 'Fees', description: 'A row label of a referral\'s needs: the fee models the client can use.' },
  urgency: { id: 'referrals.summary.urgency', defaultMessage: 'Urgency', description: 'A row label of a referral\'s needs: how urgent it is.' },
  neededBy: { id: 'referrals.summary.neededBy', defaultMessage: 'Needed by', description: 'A row label of a referral\'s needs: the date by which the client needs a therapist.' },
  note: { id: 'referrals.summary.note', defaultMessage: 'Note', description: 'Heading of the referral\'s free-text note.' },
}));

export type Needs = {
  ageGroup: string; concerns: string[]; modalities: string[]; sessionFormats: string[]; region: string;
  languages: string[]; feeModels: string[]; urgency: Urgency; neededBy: string | null; note: string;
};

function Tags({ values }: { values: string[] }) {
  return <Group gap={6}>{values.map((v) => <Badge key={v} variant="light" color="gray" c="dark.7" tt="none">{v}</Badge>)}</Group>;
}

/** What the client needs, as a description list (label beside the value when there is room, above it when not). */
export function NeedsSummary({ needs }: { needs: Needs }) {
  const intl = useIntl();
  const t = (key: keyof typeof m) => intl.formatMessage(m[key]);
  const labels = useOptionLabels();
  const rows: [string, ReactNode][] = [
    [t('ageGroup'), labels.ageGroup(needs.ageGroup)],
    [t('concerns'), <Tags values={needs.concerns.map(labels.specialty)} />],
    [t('modalities'), needs.modalities.length ? <Tags values={needs.modalities.map(labels.modality)} /> : null],
    [t('sessionFormats'), needs.sessionFormats.map(labels.sessionFormat).join(', ')],
    [t('region'), labels.region(needs.region)],
    [t('languages'), needs.languages.map(labels.language).join(', ')],
    [t('fees'), needs.feeModels.map(labels.feeModel).join(', ')],
    [t('urgency'), intl.formatMessage(URGENCY_LABELS[needs.urgency])],
    [t('neededBy'), needs.neededBy ? formatDay(intl, needs.neededBy) : null],
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
          <Text fw={600} size="sm">{t('note')}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{needs.note}</Text>
        </Box>
      )}
    </Stack>
  );
}
