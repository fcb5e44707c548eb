import { Badge } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { RecipientState, ReferralStatus, Urgency } from '../../../../common/referrals.ts';
import { RESPONSE_LABELS, STATUS_LABELS, URGENCY_LABELS } from './labels.ts';

// Light badges with the darkest shade as text keep contrast well above 4.5:1.
const STATUS_COLORS: Record<ReferralStatus, [string, string]> = {
  open: ['brand', 'brand.9'], placed: ['green', 'dark.8'], withdrawn: ['gray', 'dark.7'], expired: ['gray', 'dark.7'],
};
const RESPONSE_COLORS: Record<RecipientState, [string, string]> = {
  pending: ['yellow', 'dark.8'], accepted: ['green', 'dark.8'], declined: ['gray', 'dark.7'],
  'no capacity': ['gray', 'dark.7'], 'placed elsewhere': ['gray', 'dark.7'],
};

export function StatusBadge({ status }: { status: ReferralStatus }) {
  const intl = useIntl();
  const [color, text] = STATUS_COLORS[status];
  return <Badge variant="light" color={color} c={text} tt="none">{intl.formatMessage(STATUS_LABELS[status])}</Badge>;
}

export function ResponseBadge({ response }: { response: RecipientState }) {
  const intl = useIntl();
  const [color, text] = RESPONSE_COLORS[response];
  return <Badge variant="light" color={color} c={text} tt="none">{intl.formatMessage(RESPONSE_LABELS[response])}</Badge>;
}

export function UrgencyBadge({ urgency }: { urgency: Urgency }) {
  const intl = useIntl();
  if (urgency === 'routine') return null;
  return (
    <Badge variant="outline" color={urgency === 'urgent' ? 'red.9' : 'orange.9'} tt="none">{intl.formatMessage(URGENCY_LABELS[urgency])}</Badge>
  );
}
