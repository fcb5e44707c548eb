import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { REFERRAL_LIMITS, type RecipientResponse, type Referral } from '../../../../common/referrals.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { timeAgo } from '../../../lib/time.ts';
import { useAcceptOffer, useRespond, useSetStatus } from '../api.ts';
import { clearToSend, usePrivacyCheck } from '../../../lib/privacy-check.ts';
import { GuardedTextarea } from './GuardedTextarea.tsx';

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

/** A recipient's answer, with an optional message to the sender (checked by the same privacy guard). */
export function RespondForm({ referral }: { referral: Referral }) {
  const [message, setMessage] = useState('');
  const respond = useRespond(referral._id);
  const check = usePrivacyCheck(message);
  const confirm = useConfirm();
  const blocked = check.verdict === 'refuse';
  const answer = async (response: RecipientResponse) => {
    const privacy = await clearToSend(check, message, confirm);
    if (privacy) respond.mutate({ response, message: message.trim(), ...privacy });
  };
  return (
    <Section id="answer-title" title="Your answer">
      <Stack gap="sm">
        <GuardedTextarea label="Message to the referring therapist" value={message} onChange={setMessage}
          description="Optional: your availability, fees, or why you cannot take the client" maxLength={REFERRAL_LIMITS.message} minRows={2}
          check={check} subject="message" />
        {respond.isError && <Alert color="red" role="alert">{respond.error.message}</Alert>}
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
            onClick={() => setStatus.mutate('placed')}>Mark placed</Button>
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
                {o.message && <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>“{o.message}”</Text>}
                {o.status === 'accepted' ? <Text size="sm" fw={600}>Accepted</Text> : open && (
                  <Group>
                    <Button size="xs" loading={accept.isPending && accept.variables === o._id} disabled={accept.isPending}
                      onClick={() => accept.mutate(o._id)} aria-label={`Accept offer from ${o.therapist.name}`}>Accept offer</Button>
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
