import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { PROFILE_PARTS } from '../../../../common/onboarding.ts';
import { useOnboarding } from '../../../lib/onboarding.ts';

const m = defineMessages({
  title: { id: 'therapists.completeness.title', defaultMessage: 'Profile completeness', description: 'Heading and bar name: how complete one\'s own profile is' },
  complete: { id: 'therapists.completeness.complete', defaultMessage: 'Your profile is complete.', description: 'Shown when nothing is missing from one\'s profile' },
  missing: { id: 'therapists.completeness.missing', defaultMessage: 'Still missing:', description: 'Before the list of what the profile lacks' },
  completeIt: { id: 'therapists.completeness.completeIt', defaultMessage: 'Complete your profile', description: 'Link to the profile form' },
});

// What a profile lacks, by its key (the server's `label` is its English, for clients that read it).
const PARTS = defineMessages({
  photo: { id: 'therapists.completeness.part.photo', defaultMessage: 'A profile photo', description: 'A part missing from one\'s profile (a list item)' },
  bio: { id: 'therapists.completeness.part.bio', defaultMessage: 'A bio', description: 'A part missing from one\'s profile (a list item)' },
  profession: { id: 'therapists.completeness.part.profession', defaultMessage: 'Your profession', description: 'A part missing from one\'s profile (a list item)' },
  location: { id: 'therapists.completeness.part.location', defaultMessage: 'Your location', description: 'A part missing from one\'s profile (a list item)' },
  specialties: { id: 'therapists.completeness.part.specialties', defaultMessage: 'Specialties', description: 'A part missing from one\'s profile (a list item)' },
  modalities: { id: 'therapists.completeness.part.modalities', defaultMessage: 'Modalities', description: 'A part missing from one\'s profile (a list item): therapy approaches' },
  demographics: { id: 'therapists.completeness.part.demographics', defaultMessage: 'Age groups you work with', description: 'A part missing from one\'s profile (a list item)' },
  sessionFormat: { id: 'therapists.completeness.part.sessionFormat', defaultMessage: 'Session formats', description: 'A part missing from one\'s profile (a list item): in person, online...' },
  availability: {
    id: 'therapists.completeness.part.availability', defaultMessage: 'Whether you are accepting new clients',
    description: 'A part missing from one\'s profile (a list item)',
  },
  languages: { id: 'therapists.completeness.part.languages', defaultMessage: 'Languages', description: 'A part missing from one\'s profile (a list item): languages one works in' },
}) satisfies Record<(typeof PROFILE_PARTS)[number], unknown>;

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
            {missing.map((part) => <li key={part.key}>{intl.formatMessage(PARTS[part.key])}</li>)}
          </Text>
          <Anchor component={Link} to="/edit-profile" size="sm">{intl.formatMessage(m.completeIt)}</Anchor>
        </Stack>
      )}
    </Card>
  );
}
