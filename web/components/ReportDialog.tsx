import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason, type ReportTargetType } from '../../common/moderation.ts';
import { withValues } from '../lib/messages.ts';
import { api } from '../lib/api.ts';
import { useSubmit } from '../lib/useSubmit.ts';

/** The reasons as a reporter and the moderators read them (the stored values are common/moderation.ts's). */
export const REPORT_REASON_MESSAGES = defineMessages({
  spam: { id: 'components.report.reason.spam', defaultMessage: 'Spam', description: 'A reason to report content.' },
  harassment: { id: 'components.report.reason.harassment', defaultMessage: 'Harassment', description: 'A reason to report content.' },
  misinformation: { id: 'components.report.reason.misinformation', defaultMessage: 'Misinformation', description: 'A reason to report content.' },
  'client privacy': { id: 'components.report.reason.clientPrivacy', defaultMessage: 'Client privacy (a client could be identified)', description: 'A reason to report content: it could identify a client.' },
  'impersonation or unlicensed': { id: 'components.report.reason.impersonation', defaultMessage: 'Impersonation or unlicensed', description: 'A reason to report a member: they pretend to be someone else, or practise without a licence.' },
  other: { id: 'components.report.reason.other', defaultMessage: 'Other', description: 'A reason to report content: another reason, described in the details.' },
}) satisfies Record<ReportReason, MessageDescriptor>;

const m = withValues(defineMessages({
  failed: { id: 'components.report.failed', defaultMessage: 'Your report could not be sent. Please try again.', description: 'A report could not be sent and the server gave no reason.' },
  chooseReason: { id: 'components.report.chooseReason', defaultMessage: 'Please choose a reason.', description: 'A report was sent without a reason.' },
  detailsRequired: { id: 'components.report.detailsRequired', defaultMessage: 'Please describe the problem when the reason is "Other".', description: 'A report with the reason Other was sent without details.' },
  title: { id: 'components.report.title', defaultMessage: 'Report {what}', description: 'Title of the report dialog; {what} says what is reported ("comment by Amara Okafor").' },
  close: { id: 'components.report.close', defaultMessage: 'Close', description: 'Button (and the dialog\'s close button\'s name): close the report dialog.' },
  why: { id: 'components.report.why', defaultMessage: 'Why are you reporting this?', description: 'Label of the report\'s reasons.' },
  details: { id: 'components.report.details', defaultMessage: 'Details', description: 'Field label: the report\'s details.' },
  detailsNeeded: { id: 'components.report.detailsNeeded', defaultMessage: 'Required for "Other".', description: 'Help under the details field when the reason is Other.' },
  detailsOptional: { id: 'components.report.detailsOptional', defaultMessage: 'Optional. Do not include client information.', description: 'Help under the details field for any reason but Other.' },
  cancel: { id: 'components.report.cancel', defaultMessage: 'Cancel', description: 'Button: close the report dialog without sending.' },
  send: { id: 'components.report.send', defaultMessage: 'Send report', description: 'Button: send the report to the moderators.' },
}));

type Props = { opened: boolean; onClose: () => void; targetType: ReportTargetType; targetId: string; what: string };

/** Tells the moderators what is wrong: a reason (required), details (required for "Other"). */
export function ReportDialog({ opened, onClose, targetType, targetId, what }: Props) {
  const intl = useIntl();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, message, setMessage, submit } = useSubmit(intl.formatMessage(m.failed));

  const send = submit(async () => {
    if (!reason) return setMessage(intl.formatMessage(m.chooseReason));
    if (reason === 'other' && !details.trim()) return setMessage(intl.formatMessage(m.detailsRequired));
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
    <Modal opened={opened} onClose={close} title={intl.formatMessage(m.title, { what })} centered closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}>
      {sent ? (
        <Stack>
          <Text role="status">{sent}</Text>
          <Group justify="flex-end"><Button onClick={close}>{intl.formatMessage(m.close)}</Button></Group>
        </Stack>
      ) : (
        <form onSubmit={send} noValidate>
          <Stack>
            <Radio.Group label={intl.formatMessage(m.why)} value={reason} onChange={(v) => { setReason(v as ReportReason); setMessage(null); }} required>
              <Stack gap="xs" mt="xs">
                {REPORT_REASONS.map((r) => <Radio key={r} value={r} label={intl.formatMessage(REPORT_REASON_MESSAGES[r])} />)}
              </Stack>
            </Radio.Group>
            <Textarea
              label={intl.formatMessage(m.details)} description={intl.formatMessage(reason === 'other' ? m.detailsNeeded : m.detailsOptional)}
              required={reason === 'other'} value={details} onChange={(e) => setDetails(e.currentTarget.value)}
              maxLength={REPORT_DETAILS_MAX} autosize minRows={3}
            />
            {message && <Alert color="red" role="alert">{message}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>{intl.formatMessage(m.cancel)}</Button>
              <Button type="submit" loading={busy}>{intl.formatMessage(m.send)}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
