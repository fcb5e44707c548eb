import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
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

/** A request on the board: its needs, and "I can take this" (an offer with a message) or the offer already made. */
export function BoardCard({ item }: { item: BoardItem }) {
  const titleId = `board-${item._id}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={titleId} data-testid="board-item">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>{needsLine(item)}</Title>
          <UrgencyBadge urgency={item.urgency} />
        </Group>
        <Text size="sm" c="dimmed">
          Posted by {item.sender.name} · <time dateTime={item.createdAt}>{timeAgo(item.createdAt)}</time>
        </Text>
        {/* Where the client is matters before offering: the sender is asked about offers from outside it. */}
        {!item.youAreLicensedInRegion && <div><NotLicensedBadge region={item.region} /></div>}
        <NeedsSummary needs={item} />
        {item.myOffer ? (
          <Alert color="brand" variant="light" title={item.myOffer.status === 'accepted' ? 'Your offer was accepted' : 'Offer sent'}>
            {item.myOffer.message || 'You offered to take this client.'}
          </Alert>
        ) : <OfferForm referralId={item._id} />}
      </Stack>
    </Paper>
  );
}

function OfferForm({ referralId }: { referralId: string }) {
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
  if (!open) return <Group><Button variant="light" onClick={() => setOpen(true)}>I can take this</Button></Group>;
  const blocked = check.verdict === 'refuse';
  const send = async () => {
    const privacy = await clearToSend(check, message, confirm);
    if (privacy) offer.mutate({ id: referralId, message: message.trim(), ...privacy });
  };
  return (
    <Stack gap="xs" component="form" ref={form} aria-label="Offer to take this client"
      onSubmit={(e) => { e.preventDefault(); void send(); }}>
      <GuardedTextarea label="Message to the sender" description="Your availability, fees or anything they should know (optional)"
        value={message} onChange={setMessage} maxLength={REFERRAL_LIMITS.message} minRows={2} check={check} subject="message" />
      {offer.isError && <Alert color="red" role="alert">{offer.error.message}</Alert>}
      <Group gap="xs">
        <Button type="submit" loading={offer.isPending} disabled={blocked}>Send offer</Button>
        <Button variant="default" onClick={() => setOpen(false)}>Cancel</Button>
      </Group>
    </Stack>
  );
}
