import { Anchor, Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { OnboardingStep } from '../../../common/onboarding.ts';
import { useDismissOnboarding, useOnboarding } from '../../lib/onboarding.ts';
import { serverMessageOr, useSubmit } from '../../lib/useSubmit.ts';

/**
 * A newly verified member's first steps: each links to where it is done and ticks itself when the server
 * sees it done; the card goes when every step is done or the member dismisses it.
 */
export function OnboardingChecklist() {
  const { data } = useOnboarding();
  const dismiss = useDismissOnboarding();
  const { busy, message, submit } = useSubmit(serverMessageOr('Could not dismiss the checklist.'));
  if (!data?.show) return null;
  const done = data.steps.filter((s) => s.done).length;
  const onDismiss = submit(async () => {
    await dismiss.mutateAsync();
  });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="onboarding-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} size="h4" id="onboarding-title">Get started</Title>
          <Text c="dimmed" size="sm">{`${done} of ${data.steps.length} steps done`}</Text>
        </div>
        <Button variant="default" onClick={onDismiss} loading={busy}>
          Dismiss<VisuallyHidden> the getting started checklist</VisuallyHidden>
        </Button>
      </Group>
      <Progress value={Math.round((100 * done) / data.steps.length)} mt="sm" aria-label="Getting started steps done" />
      {message && <Text c="red.9" mt="xs" role="alert">{message}</Text>}
      <Stack component="ul" gap="xs" p={0} style={{ listStyle: 'none', margin: 'var(--mantine-spacing-md) 0 0' }}>
        {data.steps.map((s) => <StepItem key={s.key} step={s} />)}
      </Stack>
    </Card>
  );
}

function StepItem({ step }: { step: OnboardingStep }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" data-done={step.done || undefined}>
      <ThemeIcon radius="xl" size="sm" color={step.done ? 'teal.8' : 'gray.3'} aria-hidden>
        <Text size="xs" c={step.done ? 'white' : 'dark.4'}>{step.done ? '✓' : ''}</Text>
      </ThemeIcon>
      {step.done ? (
        <Text td="line-through" c="dark.5">{step.label}<VisuallyHidden> (done)</VisuallyHidden></Text>
      ) : (
        <Anchor component={Link} to={step.href}>{step.label}</Anchor>
      )}
      {step.progress && !step.done && <Text size="sm" c="dark.5" style={{ whiteSpace: 'nowrap' }}>{`${step.progress.have} of ${step.progress.need}`}</Text>}
    </Group>
  );
}
