import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import { REFERRAL_LIMITS, type BoardItem } from '../../../../common/referrals.ts';
import { timeAgo } from '../../../lib/time.ts';
import { useOffer } from '../api.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { clearToSend, usePrivacyCheck } from '../../../lib/privacy-check.ts';
import { GuardedTextarea } from './GuardedTextarea.tsx';
import { needsLine } from './labels.ts';
import { NeedsSummary } from './NeedsSummary.tsx';
import { NotLicensedBadge } from './SuggestionList.tsx';
import { UrgencyBadge } from './StatusBadge.tsx';

const m = withValues(defineMessages({
  postedBy: { id: 'referrals.board.postedBy', defaultMessage: 'Posted by {name} · <time>{ago}</time>', description: 'Who posted a request on the board and when; {ago} is a relative time such as "5m ago".' },
  offerAccepted: { id: 'referrals.board.offerAccepted', defaultMessage: 'Your offer was accepted', description: 'Title on a board request: the sender accepted the member\'s offer.' },
  offerSent: { id: 'referrals.board.offerSent', defaultMessage: 'Offer sent', description: 'Title on a board request: the member offered to take the client.' },
  offered: { id: 'referrals.board.offered', defaultMessage: 'You offered to take this client.', description: 'Shown under "Offer sent" when the offer had no message.' },
  canTake: { id: 'referrals.board.canTake', defaultMessage: 'I can take this', description: 'Button on a board request: open the form to offer to take the client.' },
  offerForm: { id: 'referrals.board.offerForm', defaultMessage: 'Offer to take this client', description: 'Accessible name of the form offering to take a client from the board.' },
  message: { id: 'referrals.board.message', defaultMessage: 'Message to the sender', description: 'Label of the optional message sent with an offer.' },
  messageHelp: { id: 'referrals.board.messageHelp', defaultMessage: 'Your availability, fees or anything they should know (optional)', description: 'Under the offer\'s message field.' },
  send: { id: 'referrals.board.sendOffer', defaultMessage: 'Send offer', description: 'Button: send the offer to take the client.' },
  cancel: { id: 'referrals.board.cancel', defaultMessage: 'Cancel', description: 'Button: close the offer form without sending.' },
}));

/** A request on the board: its needs, and "I can take this" (an offer with a message) or the offer already made. */
export function BoardCard({ item }: { item: BoardItem }) {
  const intl = useIntl();
  const labels = useOptionLabels();
  const titleId = `board-${item._id}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={titleId} data-testid="board-item">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>{needsLine(item, labels)}</Title>
          <UrgencyBadge urgency={item.urgency} />
        </Group>
        <Text size="sm" c="dimmed">
          <FormattedMessage {...m.postedBy} values={{
            name: item.sender.name, ago: timeAgo(intl, item.createdAt), time: (chunks) => <time dateTime={item.createdAt}>{chunks}</time>,
          }} />
        </Text>
        {/* Where the client is matters before offering: the sender is asked about offers from outside it. */}
        {!item.youAreLicensedInRegion && <div><NotLicensedBadge region={item.region} /></div>}
        <NeedsSummary needs={item} />
        {item.myOffer ? (
          <Alert color="brand" variant="light" title={intl.formatMessage(item.myOffer.status === 'accepted' ? m.offerAccepted : m.offerSent)}>
            {item.myOffer.message || intl.formatMessage(m.offered)}
          </Alert>
        ) : <OfferForm referralId={item._id} />}
      </Stack>
    </Paper>
  );
}

function OfferForm({ referralId }: { referralId: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const offer = useOffer();
  const check = usePrivacyCheck(message);
  const confirm = useConfirm();
  const form = useRef<HTMLDivElement>(null);
  // The message field takes focus when the form opens, so a keyboard user writes straight away.
  useEffect(() => {
    if (open) form.current?.querySelector('textarea')?.focus();
  }, [open]);
  if (!open) return <Group><Button variant="light" onClick={() => setOpen(true)}>{intl.formatMessage(m.canTake)}</Button></Group>;
  const blocked = check.verdict === 'refuse';
  const send = async () => {
    const privacy = await clearToSend(check, message, confirm);
    if (privacy) offer.mutate({ id: referralId, message: message.trim(), ...privacy });
  };
  return (
    <Stack gap="xs" component="form" ref={form} aria-label={intl.formatMessage(m.offerForm)}
      onSubmit={(e) => { e.preventDefault(); void send(); }}>
      <GuardedTextarea label={intl.formatMessage(m.message)} description={intl.formatMessage(m.messageHelp)}
        value={message} onChange={setMessage} maxLength={REFERRAL_LIMITS.message} minRows={2} check={check} subject="message" />
      {offer.isError && <Alert color="red" role="alert">{offer.error.message}</Alert>}
      <Group gap="xs">
        <Button type="submit" loading={offer.isPending} disabled={blocked}>{intl.formatMessage(m.send)}</Button>
        <Button variant="default" onClick={() => setOpen(false)}>{intl.formatMessage(m.cancel)}</Button>
      </Group>
    </Stack>
  );
}
