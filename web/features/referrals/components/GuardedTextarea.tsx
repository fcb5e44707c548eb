import { Stack, Textarea } from '@mantine/core';
import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { PrivacyFindings } from '../../../components/PrivacyFindings.tsx';
import type { PrivacyCheck } from '../../../lib/privacy-check.ts';
import { FIELD_ERROR_STYLES } from './labels.ts';

const m = withValues(defineMessages({
  counter: { id: 'referrals.guardedText.counter', defaultMessage: '{length, number, ::group-off} / {max, number, ::group-off} characters', description: 'Under a referral message field: how many characters are used of the most allowed.' },
}));

type Props = {
  label: string; description?: string; value: string; onChange: (value: string) => void; maxLength: number; minRows?: number;
  /** The privacy check of `value` (usePrivacyCheck), held by the form that sends it. */
  check: PrivacyCheck; subject: string;
};

/**
 * A note or message that must not identify a client: the server's guard is asked as the member types, and each
 * finding is listed under the field by its kind and words (announced, and tied to the field by aria-describedby).
 */
export function GuardedTextarea({ label, description, value, onChange, maxLength, minRows = 3, check, subject }: Props) {
  const intl = useIntl();
  const findingsId = useId();
  return (
    <Stack gap={6}>
      <Textarea label={label} description={description ?? intl.formatMessage(m.counter, { length: value.length, max: maxLength })} value={value}
        onChange={(e) => onChange(e.currentTarget.value)} maxLength={maxLength} autosize minRows={minRows} maxRows={10}
        error={check.verdict === 'refuse'} styles={FIELD_ERROR_STYLES} aria-describedby={check.findings.length ? findingsId : undefined} />
      <PrivacyFindings id={findingsId} findings={check.findings} text={check.checkedText} subject={subject} />
    </Stack>
  );
}
