import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useOnboarding } from '../../../lib/onboarding.ts';

const m = defineMessages({
  title: { id: 'therapists.completeness.title', defaultMessage: 'Profile completeness', description: 'Heading and bar name: how complete one\'s own profile is' },
  complete: { id: 'therapists.completeness.complete', defaultMessage: 'Your profile is complete.', description: 'Shown when nothing is missing from one\'s profile' },
  missing: { id: 'therapists.completeness.missing', defaultMessage: 'Still missing:', description: 'Before the list of what the profile lacks' },
  completeIt: { id: 'therapists.completeness.completeIt', defaultMessage: 'Complete your profile', description: 'Link to the profile form' },
});

/**
 * How complete the member's own profile is, as the server counts it, and what is still missing: a fuller
 * profile is found more often and trusted more by colleagues who refer.
 */
export function CompletenessMeter() {
  const { data } = useOnboarding();
  const intl = useIntl();
  if (!data) return null;
  const { percent, missing } = data.profile;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="completeness-title">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4" id="completeness-title">{intl.formatMessage(m.title)}</Title>
        <Text fw={700}>{intl.formatNumber(percent / 100, { style: 'percent', maximumFractionDigits: 2 })}</Text>
      </Group>
      <Progress value={percent} mt="xs" aria-label={intl.formatMessage(m.title)} color={percent === 100 ? 'teal.8' : undefined} />
      {missing.length === 0 ? (
        <Text mt="sm">{intl.formatMessage(m.complete)}</Text>
      ) : (
        <Stack gap={4} mt="sm">
          <Text size="sm" id="completeness-missing">{intl.formatMessage(m.missing)}</Text>
          <Text component="ul" size="sm" m={0} pl="lg" aria-labelledby="completeness-missing">
            {missing.map((m) => <li key={m.key}>{m.label}</li>)}
          </Text>
          <Anchor component={Link} to="/edit-profile" size="sm">{intl.formatMessage(m.completeIt)}</Anchor>
        </Stack>
      )}
    </Card>
  );
}
