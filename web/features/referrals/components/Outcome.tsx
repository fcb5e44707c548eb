import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { OUTCOME_LIMITS, REFERRAL_OUTCOMES, type ReferralOutcome } from '../../../../common/referral-outcomes.ts';
import { useState, type ReactNode } from 'react';
import type { Recipient, Referral } from '../../../../common/referrals.ts';
import { HAND_OFF_MESSAGE, OUTCOME_MESSAGES } from '../../../lib/referral-texts.ts';
import { useRecordOutcome } from '../api.ts';
import { formatDay } from './labels.ts';

const m = withValues(defineMessages({
  title: { id: 'referrals.outcome.title', defaultMessage: 'After the hand-off', description: 'Heading of the section where the accepting therapist records what happened with the client.' },
  theirs: { id: 'referrals.outcome.theirs', defaultMessage: '{name}: <strong>{outcome}</strong>', description: 'The sender reads the outcome an accepting colleague recorded; {name} is the colleague, {outcome} the outcome.' },
  theirsPending: { id: 'referrals.outcome.theirsPending', defaultMessage: '{name}: {handOff}', description: 'The sender reads that a colleague accepted and has recorded no outcome yet; {handOff} is "Hand-off in progress".' },
  recorded: { id: 'referrals.outcome.recorded', defaultMessage: 'Outcome recorded: <strong>{outcome}</strong>', description: 'The accepting therapist\'s own recorded outcome.' },
  ask: { id: 'referrals.outcome.ask', defaultMessage: 'What happened? Record it by {date} ({days, plural, one {# day} other {# days}} after accepting); it cannot be changed afterwards. The referring therapist sees it; others see only counts.', description: 'Asks the accepting therapist to record the outcome; {date} is the last day, {days} the window after accepting.' },
}));

/**
 * After an acceptance: "Hand-off in progress" until the accepting recipient records what happened; the recipient
 * records it here (within 30 days, once), the sender reads it. Nobody else ever sees an outcome.
 */
export function Outcome({ referral: r }: { referral: Referral }) {
  const intl = useIntl();
  const accepted = r.recipients.filter((x) => x.response === 'accepted');
  if (!accepted.length) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="outcome-title">
      <Title order={2} size="h4" id="outcome-title" mb="xs">{intl.formatMessage(m.title)}</Title>
      <Stack gap="sm">
        {accepted.map((x) => (r.viewerRole === 'recipient' ? <Mine key={x.user._id} referral={r} me={x} /> : <Theirs key={x.user._id} recipient={x} />))}
      </Stack>
    </Paper>
  );
}

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

function Theirs({ recipient: x }: { recipient: Recipient }) {
  const intl = useIntl();
  return (
    <Text size="sm" data-testid="outcome-line">
      {x.outcome
        ? <FormattedMessage {...m.theirs} values={{ name: x.user.name, outcome: intl.formatMessage(OUTCOME_MESSAGES[x.outcome]), strong }} />
        : intl.formatMessage(m.theirsPending, { name: x.user.name, handOff: intl.formatMessage(HAND_OFF_MESSAGE) })}
    </Text>
  );
}

function Mine({ referral: r, me }: { referral: Referral; me: Recipient }) {
  const intl = useIntl();
  const record = useRecordOutcome(r._id);
  // When the page opened: the window closes at most once while it is open, and the server refuses a late one anyway.
  const [openedAt] = useState(() => Date.now());
  const handOff = intl.formatMessage(HAND_OFF_MESSAGE);
  if (me.outcome) {
    return (
      <Text size="sm" data-testid="outcome-line">
        <FormattedMessage {...m.recorded} values={{ outcome: intl.formatMessage(OUTCOME_MESSAGES[me.outcome]), strong }} />
      </Text>
    );
  }
  if (!me.outcomeDueBy || Date.parse(me.outcomeDueBy) < openedAt) return <Text size="sm">{handOff}</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>{handOff}</Text>
      <Text size="sm" c="dimmed">
        {intl.formatMessage(m.ask, { date: formatDay(intl, me.outcomeDueBy.slice(0, 10)), days: OUTCOME_LIMITS.windowDays })}
      </Text>
      <Group gap="xs">
        {REFERRAL_OUTCOMES.map((o: ReferralOutcome) => (
          <Button key={o} size="xs" variant={o === 'first session held' ? 'filled' : 'light'} loading={record.isPending && record.variables === o}
            disabled={record.isPending} onClick={() => record.mutate(o)}>{intl.formatMessage(OUTCOME_MESSAGES[o])}</Button>
        ))}
      </Group>
      {record.isError && <Alert color="red" role="alert">{record.error.message}</Alert>}
    </Stack>
  );
}
