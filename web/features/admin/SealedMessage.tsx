import { Alert, Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { BREAK_GLASS_MAX, BREAK_GLASS_MIN } from '../../../common/audit.ts';
import type { ReportedConversation } from '../../../common/moderation.ts';
import { api } from '../../lib/api.ts';
import { withValues } from '../../lib/messages.ts';
import { DOT } from '../../lib/punctuation.ts';

const m = withValues(defineMessages({
  conversation: { id: 'admin.sealed.conversation', defaultMessage: 'The reported message in its conversation', description: 'Accessible name of the opened conversation around a reported chat message.' },
  reported: { id: 'admin.sealed.reported', defaultMessage: ' · reported', description: 'Follows the sender and time of the message that was reported (keep the leading separator).' },
  form: { id: 'admin.sealed.form', defaultMessage: 'Open the reported message', description: 'Accessible name of the form opening a private reported message.' },
  intro: { id: 'admin.sealed.intro', defaultMessage: 'This is a private conversation. To read the reported message and the messages around it, say why. Your reason is kept in the audit log, and both members can see that an administrator read it.', description: 'Why a reason is needed to read a reported private message.' },
  reason: { id: 'admin.sealed.reason', defaultMessage: 'Reason for reading', description: 'Label of the reason for reading the private conversation.' },
  tooShort: { id: 'admin.sealed.tooShort', defaultMessage: 'Please write at least {min, plural, one {# character} other {# characters}}.', description: 'The reason is too short; {min} is the fewest characters allowed.' },
  read: { id: 'admin.sealed.read', defaultMessage: 'Read the conversation', description: 'Button: open the reported message and the messages around it.' },
}));

// As toLocaleString() writes it: the day and the time to the second.
const FULL_TIME = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' } as const;

/**
 * A reported chat message is private to its two participants: it opens, with the messages around it, only after the
 * administrator writes why. The reason is kept in the audit trail and both participants see that it was read.
 */
export function SealedMessage({ reportId }: { reportId: string }) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const open = useMutation({
    mutationFn: (why: string) => api<ReportedConversation>(`/api/admin/reports/${reportId}/conversation`, { method: 'POST', body: { reason: why } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const why = reason.trim();
    setTooShort(why.length < BREAK_GLASS_MIN);
    if (why.length >= BREAK_GLASS_MIN) open.mutate(why);
  };

  if (open.isSuccess) {
    return (
      <Stack component="ol" gap={4} m={0} p={0} aria-label={intl.formatMessage(m.conversation)} style={{ listStyle: 'none' }}>
        {open.data.messages.map((msg) => (
          <li key={msg._id}>
            <Paper p="xs" radius="sm" withBorder={msg.reported} bg={msg.reported ? 'yellow.0' : undefined}>
              <Text size="xs" c="dimmed">{msg.sender.name}{DOT}<time dateTime={msg.createdAt}>{intl.formatDate(msg.createdAt, FULL_TIME)}</time>{msg.reported ? intl.formatMessage(m.reported) : ''}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{msg.text}</Text>
            </Paper>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} aria-label={intl.formatMessage(m.form)}>
      <Stack gap="xs">
        <Text size="sm">{intl.formatMessage(m.intro)}</Text>
        <Textarea label={intl.formatMessage(m.reason)} value={reason} onChange={(e) => { setReason(e.currentTarget.value); setTooShort(false); }} maxLength={BREAK_GLASS_MAX}
          autosize minRows={2} required error={tooShort ? intl.formatMessage(m.tooShort, { min: BREAK_GLASS_MIN }) : null} />
        {open.isError && <Alert color="red" role="alert">{open.error.message}</Alert>}
        <Button type="submit" variant="outline" loading={open.isPending} style={{ alignSelf: 'flex-start' }}>{intl.formatMessage(m.read)}</Button>
      </Stack>
    </form>
  );
}
