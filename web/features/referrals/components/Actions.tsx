import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { REFERRAL_LIMITS, type RecipientResponse, type Referral } from '../../../../common/referrals.ts';
import { useConfirm, useConfirmWithChoice } from '../../../components/useConfirm.tsx';
import { timeAgo } from '../../../lib/time.ts';
import { useAcceptOffer, useRespond, useSetStatus, useStopAccepting } from '../api.ts';
import { clearToSend, usePrivacyCheck } from '../../../lib/privacy-check.ts';
import { GuardedTextarea } from './GuardedTextarea.tsx';
import { NotLicensedBadge } from './SuggestionList.tsx';

const ANSWERS: { response: RecipientResponse; label: string; variant: string }[] = [
  { response: 'accepted', label: 'Accept', variant: 'filled' },
  { response: 'declined', label: 'Decline', variant: 'default' },
  { response: 'no capacity', label: 'No capacity', variant: 'default' },
];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">{title}</Title>
      {children}
    </Paper>
  );
}

/** The profile's status is offered with "No capacity", already ticked: a colleague with no room usually has none for anyone. */
const STOP_ACCEPTING_LABEL = 'Also set my profile to "Not accepting new clients"';

/**
 * What is asked before an answer that tells the sender at once and cannot be taken back (decision 0150): declining and
 * having no capacity. Accepting is not asked: it opens the conversation, where anything can still be arranged.
 */
function questionFor(response: RecipientResponse, sender: string) {
  if (response === 'declined') {
    return { title: 'Decline referral', message: `Decline this referral? ${sender} is told at once, and you cannot answer again.`, confirmLabel: 'Decline' };
  }
  return {
    title: 'No capacity',
    message: `Tell ${sender} you have no capacity for this client? They are told at once, and you cannot answer again.`,
    confirmLabel: 'Send "No capacity"',
    choice: { label: STOP_ACCEPTING_LABEL, initial: true },
  };
}

/** A recipient's answer, with an optional message to the sender (checked by the same privacy guard). */
export function RespondForm({ referral }: { referral: Referral }) {
  const [message, setMessage] = useState('');
  const respond = useRespond(referral._id);
  const stopAccepting = useStopAccepting();
  const check = usePrivacyCheck(message);
  const confirm = useConfirm();
  const confirmWithChoice = useConfirmWithChoice();
  const blocked = check.verdict === 'refuse';
  const answer = async (response: RecipientResponse) => {
    let notAccepting = false;
    if (response !== 'accepted') {
      const asked = await confirmWithChoice(questionFor(response, referral.sender.name));
      if (!asked.confirmed) return;
      notAccepting = response === 'no capacity' && asked.chosen;
    }
    const privacy = await clearToSend(check, message, confirm);
    if (!privacy) return;
    respond.mutate({ response, message: message.trim(), ...privacy }, {
      onSuccess: () => {
        if (notAccepting) stopAccepting.mutate();
      },
    });
  };
  return (
    <Section id="answer-title" title="Your answer">
      <Stack gap="sm">
        <GuardedTextarea label="Message to the referring therapist" value={message} onChange={setMessage}
          description="Optional: your availability, fees, or why you cannot take the client" maxLength={REFERRAL_LIMITS.message} minRows={2}
          check={check} subject="message" />
        {respond.isError && <Alert color="red" role="alert">{respond.error.message}</Alert>}
        {stopAccepting.isError && <Alert color="red" role="alert">Your answer was sent, but your profile could not be changed: {stopAccepting.error.message}</Alert>}
        <Group gap="xs">
          {ANSWERS.map((a) => (
            <Button key={a.response} variant={a.variant} disabled={blocked || respond.isPending}
              loading={respond.isPending && respond.variables?.response === a.response}
              onClick={() => void answer(a.response)}>
              {a.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Section>
  );
}

/** The sender's actions while the referral is open: mark placed (once someone accepted), withdraw (after asking). */
export function SenderActions({ referral }: { referral: Referral }) {
  const setStatus = useSetStatus(referral._id);
  const confirm = useConfirm();
  const accepted = referral.recipients.some((r) => r.response === 'accepted');
  const markPlaced = async () => {
    const yes = await confirm({
      title: 'Mark placed',
      message: 'Mark this referral placed? Everyone you asked is told the client has been placed, and it closes.',
      confirmLabel: 'Mark placed',
      tone: 'default',
    });
    if (yes) setStatus.mutate('placed');
  };
  const withdraw = async () => {
    const yes = await confirm({
      title: 'Withdraw referral',
      message: 'Withdraw this referral? The therapists you asked are told it is no longer needed.',
      confirmLabel: 'Withdraw',
    });
    if (yes) setStatus.mutate('withdrawn');
  };
  return (
    <Section id="actions-title" title="Actions">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {accepted ? 'Once the client has started with a colleague, mark the referral placed: the others are told.'
            : 'You can mark the referral placed once a colleague has accepted it.'}
        </Text>
        {setStatus.isError && <Alert color="red" role="alert">{setStatus.error.message}</Alert>}
        <Group gap="xs">
          <Button disabled={!accepted || setStatus.isPending} loading={setStatus.isPending && setStatus.variables === 'placed'}
            onClick={() => void markPlaced()}>Mark placed</Button>
          <Button variant="outline" color="red.8" disabled={setStatus.isPending}
            loading={setStatus.isPending && setStatus.variables === 'withdrawn'} onClick={() => void withdraw()}>Withdraw</Button>
        </Group>
      </Stack>
    </Section>
  );
}

/** Board offers for the sender: accepting one makes that therapist a recipient who has accepted. */
export function Offers({ referral }: { referral: Referral }) {
  const accept = useAcceptOffer(referral._id);
  const confirm = useConfirm();
  // An offer from someone not licensed where the client is is asked about first: they may not be allowed to see the client.
  const acceptOffer = async (offer: Referral['offers'][number]) => {
    if (!offer.licensedInRegion) {
      const yes = await confirm({
        title: 'Not licensed in the client\'s region',
        message: `${offer.therapist.name} is not licensed in ${referral.region}, where the client is. Accept the offer anyway?`,
        confirmLabel: 'Accept anyway',
      });
      if (!yes) return;
    }
    accept.mutate(offer._id);
  };
  const open = referral.status === 'open';
  if (!referral.toBoard) return null;
  return (
    <Section id="offers-title" title="Offers from the board">
      {!referral.offers.length ? <Text size="sm" c="dimmed">No offers yet.</Text> : (
        <Stack gap="sm" component="ul" aria-label="Offers" m={0} p={0} style={{ listStyle: 'none' }}>
          {referral.offers.map((o) => (
            <li key={o._id}>
              <Stack gap={4}>
                <Text fw={600}>{o.therapist.name}
                  <Text span size="xs" c="dimmed" fw={400}> · <time dateTime={o.createdAt}>{timeAgo(o.createdAt)}</time></Text>
                </Text>
                {!o.licensedInRegion && <div><NotLicensedBadge region={referral.region} /></div>}
                {o.message && <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>“{o.message}”</Text>}
                {o.status === 'accepted' ? <Text size="sm" fw={600}>Accepted</Text> : open && (
                  <Group>
                    <Button size="xs" loading={accept.isPending && accept.variables === o._id} disabled={accept.isPending}
                      onClick={() => void acceptOffer(o)} aria-label={`Accept offer from ${o.therapist.name}`}>Accept offer</Button>
                  </Group>
                )}
              </Stack>
            </li>
          ))}
        </Stack>
      )}
      {accept.isError && <Alert color="red" role="alert" mt="sm">{accept.error.message}</Alert>}
    </Section>
  );
}
