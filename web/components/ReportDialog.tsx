import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  REPORT_DETAILS_MAX, REPORT_DETAILS_REQUIRED, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason, type ReportTargetType,
} from '../../common/moderation.ts';
import { api } from '../lib/api.ts';
import { useSubmit } from '../lib/useSubmit.ts';

type Props = { opened: boolean; onClose: () => void; targetType: ReportTargetType; targetId: string; what: string };

/** Tells the moderators what is wrong: a reason (required), details (required for "Other"). */
export function ReportDialog({ opened, onClose, targetType, targetId, what }: Props) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, message, setMessage, submit } = useSubmit('Your report could not be sent. Please try again.');

  const send = submit(async () => {
    if (!reason) return setMessage('Please choose a reason.');
    if (reason === 'other' && !details.trim()) return setMessage(REPORT_DETAILS_REQUIRED);
    const { msg } = await api<{ msg: string }>('/api/reports', {
      method: 'POST', body: { targetType, targetId, reason, details: details.trim() || undefined }, idempotent: true,
    });
    setSent(msg);
  });

  const close = () => {
    onClose();
    if (sent) {
      setSent(null);
      setReason('');
      setDetails('');
    }
    setMessage(null);
  };

  return (
    <Modal opened={opened} onClose={close} title={`Report ${what}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {sent ? (
        <Stack>
          <Text role="status">{sent}</Text>
          <Group justify="flex-end"><Button onClick={close}>Close</Button></Group>
        </Stack>
      ) : (
        <form onSubmit={send} noValidate>
          <Stack>
            <Radio.Group label="Why are you reporting this?" value={reason} onChange={(v) => { setReason(v as ReportReason); setMessage(null); }} required>
              <Stack gap="xs" mt="xs">
                {REPORT_REASONS.map((r) => <Radio key={r} value={r} label={REPORT_REASON_LABELS[r]} />)}
              </Stack>
            </Radio.Group>
            <Textarea
              label="Details" description={reason === 'other' ? 'Required for "Other".' : 'Optional. Do not include client information.'}
              required={reason === 'other'} value={details} onChange={(e) => setDetails(e.currentTarget.value)}
              maxLength={REPORT_DETAILS_MAX} autosize minRows={3}
            />
            {message && <Alert color="red" role="alert">{message}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>Cancel</Button>
              <Button type="submit" loading={busy}>Send report</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
