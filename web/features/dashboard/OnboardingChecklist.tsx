import { Anchor, Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageTag } from 'react-intl';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ONBOARDING_COMMUNITIES, type OnboardingStep } from '../../../common/onboarding.ts';
import { useDismissOnboarding, useOnboarding } from '../../lib/onboarding.ts';
import { serverMessageOr, useSubmit } from '../../lib/useSubmit.ts';

const m = defineMessages({
  failed: { id: 'dashboard.onboarding.failed', defaultMessage: 'Could not dismiss the checklist.', description: 'Dismissing the getting-started checklist failed (no server reason).' },
  title: { id: 'dashboard.onboarding.title', defaultMessage: 'Get started', description: 'Title of a new member\'s getting-started checklist.' },
  progressLabel: { id: 'dashboard.onboarding.progressLabel', defaultMessage: 'Getting started steps done', description: 'Accessible name of the checklist\'s progress bar.' },
});
const mv = defineMessages<{
  stepsDone: { done: number; total: number }; progress: { have: number; need: number }; dismiss: { hidden: MessageTag }; done: { hidden: MessageTag };
  communities: { count: number };
}>({
  communities: {
    id: 'dashboard.onboarding.step.communities', defaultMessage: 'Join {count, plural, one {# recommended community} other {# recommended communities}}',
    description: 'Getting-started step: join this many of the forum communities recommended to the member (a link to the forums).',
  },
  dismiss: {
    id: 'dashboard.onboarding.dismiss', defaultMessage: 'Dismiss<hidden> the getting started checklist</hidden>',
    description: 'Button hiding the checklist; the part in <hidden> is read by screen readers only.',
  },
  done: { id: 'dashboard.onboarding.stepDone', defaultMessage: '<hidden> (done)</hidden>', description: 'After a done step\'s name, read by screen readers only.' },
  stepsDone: {
    id: 'dashboard.onboarding.stepsDone', defaultMessage: '{done, plural, one {# of {total} steps done} other {# of {total} steps done}}',
    description: 'Under the checklist title: how many of its steps are done.',
  },
  progress: { id: 'dashboard.onboarding.stepProgress', defaultMessage: '{have} of {need}', description: 'Beside a step counted in parts, e.g. communities joined: 1 of 3.' },
});

// The steps by their key (the server's `label` is their English, for clients that read it).
const STEPS = defineMessages({
  photo: { id: 'dashboard.onboarding.step.photo', defaultMessage: 'Add a photo', description: 'Getting-started step: add a profile photo (a link to the profile form).' },
  profile: {
    id: 'dashboard.onboarding.step.profile', defaultMessage: 'Complete your specialties and availability',
    description: 'Getting-started step: fill in one\'s specialties and whether one accepts new clients (a link to the profile form).',
  },
  network: { id: 'dashboard.onboarding.step.network', defaultMessage: 'Add colleagues to your network', description: 'Getting-started step: connect with colleagues (a link to the directory).' },
}) satisfies Record<Exclude<OnboardingStep['key'], 'communities'>, unknown>;

const stepLabel = (intl: IntlShape, step: OnboardingStep) => (step.key === 'communities'
  ? intl.formatMessage(mv.communities, { count: ONBOARDING_COMMUNITIES })
  : intl.formatMessage(STEPS[step.key]));

const hidden = (chunks: ReactNode[]) => <VisuallyHidden>{chunks}</VisuallyHidden>;

/**
 * A newly verified member's first steps: each links to where it is done and ticks itself when the server
 * sees it done; the card goes when every step is done or the member dismisses it.
 */
export function OnboardingChecklist() {
  const intl = useIntl();
  const { data } = useOnboarding();
  const dismiss = useDismissOnboarding();
  const { busy, message, submit } = useSubmit(serverMessageOr(intl.formatMessage(m.failed)));
  if (!data?.show) return null;
  const done = data.steps.filter((s) => s.done).length;
  const onDismiss = submit(async () => {
    await dismiss.mutateAsync();
  });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="onboarding-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} size="h4" id="onboarding-title">{intl.formatMessage(m.title)}</Title>
          <Text c="dimmed" size="sm">{intl.formatMessage(mv.stepsDone, { done, total: data.steps.length })}</Text>
        </div>
        <Button variant="default" onClick={onDismiss} loading={busy}>
          <FormattedMessage {...mv.dismiss} values={{ hidden }} />
        </Button>
      </Group>
      <Progress value={Math.round((100 * done) / data.steps.length)} mt="sm" aria-label={intl.formatMessage(m.progressLabel)} />
      {message && <Text c="red.9" mt="xs" role="alert">{message}</Text>}
      <Stack component="ul" gap="xs" p={0} style={{ listStyle: 'none', margin: 'var(--mantine-spacing-md) 0 0' }}>
        {data.steps.map((s) => <StepItem key={s.key} step={s} />)}
      </Stack>
    </Card>
  );
}

// A symbol, hidden from screen readers (the step's name says "done" in words): the same in every language.
const CHECK_MARK = '✓';

function StepItem({ step }: { step: OnboardingStep }) {
  const intl = useIntl();
  return (
    <Group component="li" gap="sm" wrap="nowrap" data-done={step.done || undefined}>
      <ThemeIcon radius="xl" size="sm" color={step.done ? 'teal.8' : 'gray.3'} aria-hidden>
        <Text size="xs" c={step.done ? 'white' : 'dark.4'}>{step.done ? CHECK_MARK : null}</Text>
      </ThemeIcon>
      {step.done ? (
        <Text td="line-through" c="dark.5">{stepLabel(intl, step)}<FormattedMessage {...mv.done} values={{ hidden }} /></Text>
      ) : (
        <Anchor component={Link} to={step.href}>{stepLabel(intl, step)}</Anchor>
      )}
      {step.progress && !step.done && <Text size="sm" c="dark.5" style={{ whiteSpace: 'nowrap' }}>{intl.formatMessage(mv.progress, step.progress)}</Text>}
    </Group>
  );
}
