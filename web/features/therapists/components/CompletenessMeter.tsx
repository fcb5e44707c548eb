import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useOnboarding } from '../../../lib/onboarding.ts';

/**
 * How complete the member's own profile is, as the server counts it, and what is still missing: a fuller
 * profile is found more often and trusted more by colleagues who refer.
 */
export function CompletenessMeter() {
  const { data } = useOnboarding();
  if (!data) return null;
  const { percent, missing } = data.profile;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="completeness-title">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4" id="completeness-title">Profile completeness</Title>
        <Text fw={700}>{`${percent}%`}</Text>
      </Group>
      <Progress value={percent} mt="xs" aria-label="Profile completeness" color={percent === 100 ? 'teal.8' : undefined} />
      {missing.length === 0 ? (
        <Text mt="sm">Your profile is complete.</Text>
      ) : (
        <Stack gap={4} mt="sm">
          <Text size="sm" id="completeness-missing">Still missing:</Text>
          <Text component="ul" size="sm" m={0} pl="lg" aria-labelledby="completeness-missing">
            {missing.map((m) => <li key={m.key}>{m.label}</li>)}
          </Text>
          <Anchor component={Link} to="/edit-profile" size="sm">Complete your profile</Anchor>
        </Stack>
      )}
    </Card>
  );
}
