import { Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { respondsTo, respondsWithin } from '../lib/referral-texts.ts';

/** "Usually responds within 4 hours · Responds to most referrals"; nothing below three referrals (the fields are absent). */
export function ResponsivenessLine({ rate, hours, size = 'sm' }: { rate?: number; hours?: number | null; size?: 'xs' | 'sm' }) {
  const intl = useIntl();
  const parts = [respondsWithin(intl, hours), respondsTo(intl, rate)].filter(Boolean);
  if (!parts.length) return null;
  return <Text size={size} c="teal.9" data-testid="responsiveness">{parts.join(' · ')}</Text>;
}
