import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { REFERRAL_LIMITS, type RecipientResponse, type Referral } from '../../../../common/referrals.ts';
import { useConfirm, useConfirmWithChoice } from '../../../components/useConfirm.tsx';
import { timeAgo } from '../../../lib/time.ts';
import { useAcceptOffer, useRespond, useSetStatus } from '../api.ts';
import { clearToSend, usePrivacyCheck } from '../../../lib/privacy-check.ts';
import { GuardedTextarea } from './GuardedTextarea.tsx';
import { NotLicensedBadge } from './SuggestionList.tsx';
import { DOT } from '../../../lib/punctuation.ts';

const m = withValues(defineMessages({
  accept: { id: 'referrals.actions.accept', defaultMessage: 'Accept', description: 'Button: the recipient accepts the referral.' },
  decline: { id: 'referrals.actions.decline', defaultMessage: 'Decline', description: 'Button: the recipient declines the referral; also the confirm button of the question asked first.' },
  noCapacity: { id: 'referrals.actions.noCapacity', defaultMessage: 'No capacity', description: 'Button: the recipient has no room for the client; also the title of the question asked first.' },
  stopAccepting: { id: 'referrals.actions.stopAccepting', defaultMessage: 'Also set my profile to "Not accepting new clients"', description: 'Checkbox in the "No capacity" question: also change the member\'s profile status.' },
  declineTitle: { id: 'referrals.actions.declineTitle', defaultMessage: 'Decline referral', description: 'Title of the question asked before declining a referral.' },
  declineQuestion: { id: 'referrals.actions.declineQuestion', defaultMessage: 'Decline this referral? {sender} is told at once, and you cannot answer again.', description: 'Question asked before declining; {sender} is the referring therapist\'s name.' },
  noCapacityQuestion: { id: 'referrals.actions.noCapacityQuestion', defaultMessage: 'Tell {sender} you have no capacity for this client? They are told at once, and you cannot answer again.', description: 'Question asked before answering "No capacity"; {sender} is the referring therapist\'s name.' },
  sendNoCapacity: { id: 'referrals.actions.sendNoCapacity', defaultMessage: 'Send "No capacity"', description: 'Confirm button of the "No capacity" question.' },
  yourAnswer: { id: 'referrals.actions.yourAnswer', defaultMessage: 'Your answer', description: 'Heading of the recipient\'s answer section.' },
  message: { id: 'referrals.actions.message', defaultMessage: 'Message to the referring therapist', description: 'Label of the optional message sent with the answer.' },
  messageHelp: { id: 'referrals.actions.messageHelp', defaultMessage: 'Optional: your availability, fees, or why you cannot take the client', description: 'Under the answer\'s message field.' },
  markPlaced: { id: 'referrals.actions.markPlaced', defaultMessage: 'Mark placed', description: 'Button and question title: the sender marks the referral placed (the client started with a colleague).' },
  markPlacedQuestion: { id: 'referrals.actions.markPlacedQuestion', defaultMessage: 'Mark this referral placed? Everyone you asked is told the client has been placed, and it closes.', description: 'Question asked before marking a referral placed.' },
  withdrawTitle: { id: 'referrals.actions.withdrawTitle', defaultMessage: 'Withdraw referral', description: 'Title of the question asked before withdrawing a referral.' },
  withdrawQuestion: { id: 'referrals.actions.withdrawQuestion', defaultMessage: 'Withdraw this referral? The therapists you asked are told it is no longer needed.', description: 'Question asked before withdrawing a referral.' },
  withdraw: { id: 'referrals.actions.withdraw', defaultMessage: 'Withdraw', description: 'Button: the sender withdraws the referral.' },
  actions: { id: 'referrals.actions.title', defaultMessage: 'Actions', description: 'Heading of the sender\'s actions on an open referral.' },
  placeHint: { id: 'referrals.actions.placeHint', defaultMessage: 'Once the client has started with a colleague, mark the referral placed: the others are told.', description: 'Shown to the sender once a colleague accepted.' },
  placeLater: { id: 'referrals.actions.placeLater', defaultMessage: 'You can mark the referral placed once a colleague has accepted it.', description: 'Shown to the sender while no colleague has accepted.' },
  notLicensedTitle: { id: 'referrals.actions.notLicensedTitle', defaultMessage: 'Not licensed in the client\'s region', description: 'Title of the question asked before accepting an offer from a therapist not licensed where the client lives.' },
  notLicensedQuestion: { id: 'referrals.actions.notLicensedQuestion', defaultMessage: '{name} is not licensed in {region}, where the client is. Accept the offer anyway?', description: 'Question before accepting such an offer; {name} is the therapist, {region} a province or state code.' },
  acceptAnyway: { id: 'referrals.actions.acceptAnyway', defaultMessage: 'Accept anyway', description: 'Confirm button: accept the offer despite the licence.' },
  offersTitle: { id: 'referrals.actions.offersTitle', defaultMessage: 'Offers from the board', description: 'Heading of the offers therapists made from the board.' },
  noOffers: { id: 'referrals.actions.noOffers', defaultMessage: 'No offers yet.', description: 'No therapist has offered from the board yet.' },
  offers: { id: 'referrals.actions.offers', defaultMessage: 'Offers', description: 'Accessible name of the list of offers.' },
  offerAccepted: { id: 'referrals.actions.offerAccepted', defaultMessage: 'Accepted', description: 'An offer the sender accepted.' },
  acceptOfferFrom: { id: 'referrals.actions.acceptOfferFrom', defaultMessage: 'Accept offer from {name}', description: 'Accessible name of the button accepting a therapist\'s offer.' },
  acceptOffer: { id: 'referrals.actions.acceptOffer', defaultMessage: 'Accept offer', description: 'Button: accept a therapist\'s offer from the board.' },
  quoted: { id: 'referrals.offers.quoted', defaultMessage: '“{text}”', description: 'A note an offering therapist wrote, quoted.' },
}));

const ANSWERS: { response: RecipientResponse; label: MessageDescriptor; variant: string }[] = [
  { response: 'accepted', label: m.accept, variant: 'filled' },
  { response: 'declined', label: m.decline, variant: 'default' },
  { response: 'no capacity', label: m.noCapacity, variant: 'default' },
];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">{title}</Title>
      {children}
    </Paper>
  );
}

/**
 * What is asked before an answer that tells the sender at once and cannot be taken back (decision 0150): declining and
 * having no capacity. Accepting is not asked: it opens the conversation, where anything can still be arranged.
 */
function questionFor(intl: IntlShape, response: RecipientResponse, sender: string) {
  if (response === 'declined') {
    return { title: intl.formatMessage(m.declineTitle), message: intl.formatMessage(m.declineQuestion, { sender }), confirmLabel: intl.formatMessage(m.decline) };
  }
  return {
    title: intl.formatMessage(m.noCapacity),
    message: intl.formatMessage(m.noCapacityQuestion, { sender }),
    confirmLabel: intl.formatMessage(m.sendNoCapacity),
    // The profile's status is offered already ticked: a colleague with no room usually has none for anyone.
    choice: { label: intl.formatMessage(m.stopAccepting), initial: true },
  };
}

/** A recipient's answer, with an optional message to the sender (checked by the same privacy guard). */
export function RespondForm({ referral }: { referral: Referral }) {
  const intl = useIntl();
  const [message, setMessage] = useState('');
  const respond = useRespond(referral._id);
  const check = usePrivacyCheck(message);
  const confirm = useConfirm();
  const confirmWithChoice = useConfirmWithChoice();
  const blocked = check.verdict === 'refuse';
  const answer = async (response: RecipientResponse) => {
    let stopAccepting = false;
    if (response !== 'accepted') {
      const asked = await confirmWithChoice(questionFor(intl, response, referral.sender.name));
      if (!asked.confirmed) return;
      stopAccepting = response === 'no capacity' && asked.chosen;
    }
    const privacy = await clearToSend(check, message, confirm);
    if (!privacy) return;
    respond.mutate({ response, message: message.trim(), stopAccepting, ...privacy });
  };
  return (
    <Section id="answer-title" title={intl.formatMessage(m.yourAnswer)}>
      <Stack gap="sm">
        <GuardedTextarea label={intl.formatMessage(m.message)} value={message} onChange={setMessage}
          description={intl.formatMessage(m.messageHelp)} maxLength={REFERRAL_LIMITS.message} minRows={2}
          check={check} subject="message" />
        {respond.isError && <Alert color="red" role="alert">{respond.error.message}</Alert>}
        <Group gap="xs">
          {ANSWERS.map((a) => (
            <Button key={a.response} variant={a.variant} disabled={blocked || respond.isPending}
              loading={respond.isPending && respond.variables?.response === a.response}
              onClick={() => void answer(a.response)}>
              {intl.formatMessage(a.label)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Section>
  );
}

/** The sender's actions while the referral is open: mark placed (once someone accepted), withdraw (after asking). */
export function SenderActions({ referral }: { referral: Referral }) {
  const intl = useIntl();
  const setStatus = useSetStatus(referral._id);
  const confirm = useConfirm();
  const accepted = referral.recipients.some((r) => r.response === 'accepted');
  const markPlaced = async () => {
    const yes = await confirm({
      title: intl.formatMessage(m.markPlaced),
      message: intl.formatMessage(m.markPlacedQuestion),
      confirmLabel: intl.formatMessage(m.markPlaced),
      tone: 'default',
    });
    if (yes) setStatus.mutate('placed');
  };
  const withdraw = async () => {
    const yes = await confirm({
      title: intl.formatMessage(m.withdrawTitle),
      message: intl.formatMessage(m.withdrawQuestion),
      confirmLabel: intl.formatMessage(m.withdraw),
    });
    if (yes) setStatus.mutate('withdrawn');
  };
  return (
    <Section id="actions-title" title={intl.formatMessage(m.actions)}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {intl.formatMessage(accepted ? m.placeHint : m.placeLater)}
        </Text>
        {setStatus.isError && <Alert color="red" role="alert">{setStatus.error.message}</Alert>}
        <Group gap="xs">
          <Button disabled={!accepted || setStatus.isPending} loading={setStatus.isPending && setStatus.variables === 'placed'}
            onClick={() => void markPlaced()}>{intl.formatMessage(m.markPlaced)}</Button>
          <Button variant="outline" color="red.8" disabled={setStatus.isPending}
            loading={setStatus.isPending && setStatus.variables === 'withdrawn'} onClick={() => void withdraw()}>{intl.formatMessage(m.withdraw)}</Button>
        </Group>
      </Stack>
    </Section>
  );
}

/** Board offers for the sender: accepting one makes that therapist a recipient who has accepted. */
export function Offers({ referral }: { referral: Referral }) {
  const intl = useIntl();
  const accept = useAcceptOffer(referral._id);
  const confirm = useConfirm();
  // An offer from someone not licensed where the client is is asked about first: they may not be allowed to see the client.
  const acceptOffer = async (offer: Referral['offers'][number]) => {
    if (!offer.licensedInRegion) {
      const yes = await confirm({
        title: intl.formatMessage(m.notLicensedTitle),
        message: intl.formatMessage(m.notLicensedQuestion, { name: offer.therapist.name, region: referral.region }),
        confirmLabel: intl.formatMessage(m.acceptAnyway),
      });
      if (!yes) return;
    }
    accept.mutate(offer._id);
  };
  const open = referral.status === 'open';
  if (!referral.toBoard) return null;
  return (
    <Section id="offers-title" title={intl.formatMessage(m.offersTitle)}>
      {!referral.offers.length ? <Text size="sm" c="dimmed">{intl.formatMessage(m.noOffers)}</Text> : (
        <Stack gap="sm" component="ul" aria-label={intl.formatMessage(m.offers)} m={0} p={0} style={{ listStyle: 'none' }}>
          {referral.offers.map((o) => (
            <li key={o._id}>
              <Stack gap={4}>
                <Text fw={600}>{o.therapist.name}
                  <Text span size="xs" c="dimmed" fw={400}>{DOT}<time dateTime={o.createdAt}>{timeAgo(intl, o.createdAt)}</time></Text>
                </Text>
                {!o.licensedInRegion && <div><NotLicensedBadge region={referral.region} /></div>}
                {o.message && <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{intl.formatMessage(m.quoted, { text: o.message })}</Text>}
                {o.status === 'accepted' ? <Text size="sm" fw={600}>{intl.formatMessage(m.offerAccepted)}</Text> : open && (
                  <Group>
                    <Button size="xs" loading={accept.isPending && accept.variables === o._id} disabled={accept.isPending}
                      onClick={() => void acceptOffer(o)} aria-label={intl.formatMessage(m.acceptOfferFrom, { name: o.therapist.name })}>{intl.formatMessage(m.acceptOffer)}</Button>
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
