import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { withValues } from '../lib/messages.ts';
import { Link } from 'react-router';
import type { LicenceExpiryStatus } from '../../common/privacy.ts';
import { api } from '../lib/api.ts';

const m = withValues(defineMessages({
  expiredTitle: { id: 'components.licenceExpiry.expiredTitle', defaultMessage: 'Your licence has expired', description: 'Title of the dashboard notice once the member\'s licence has expired.' },
  expired: { id: 'components.licenceExpiry.expired', defaultMessage: 'Your licence expired on {date}. Enter your renewed licence and its new expiry date, and an administrator will verify it again.', description: 'Body of the notice once the licence has expired; {date} is its expiry date, written out.' },
  soonTitle: { id: 'components.licenceExpiry.soonTitle', defaultMessage: 'Your licence expires soon', description: 'Title of the dashboard notice in the 30 days before the member\'s licence expires.' },
  soon: { id: 'components.licenceExpiry.soon', defaultMessage: 'Your licence expires on {date} ({days, plural, one {# day} other {# days}} from now). When it has expired, your account waits for verification until you <link>enter the renewed licence</link>.', description: 'Body of the notice before the licence expires; {date} is its expiry date, {days} how many days are left; <link> goes to the licence form.' },
}));

/** 30 days before the licence expires (and at 7), the dashboard says so; after, the licence form asks for the renewal. */
export function LicenceExpiryNotice() {
  const intl = useIntl();
  const { data } = useQuery({
    queryKey: ['licence-expiry'],
    queryFn: ({ signal }) => api<LicenceExpiryStatus>('/api/users/me/licence-expiry', { signal }),
  });
  if (!data?.licenceExpiresOn) return null;
  const date = intl.formatDate(new Date(`${data.licenceExpiresOn}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
  if (data.lapsed) {
    return (
      <Alert color="orange" title={intl.formatMessage(m.expiredTitle)} role="status">
        {intl.formatMessage(m.expired, { date })}
      </Alert>
    );
  }
  if (data.daysLeft === null || data.daysLeft > 30) return null;
  return (
    <Alert color={data.daysLeft <= 7 ? 'red' : 'yellow'} title={intl.formatMessage(m.soonTitle)} role="status">
      <FormattedMessage {...m.soon} values={{
        date, days: data.daysLeft,
        link: (chunks) => <Anchor component={Link} to="/verification">{chunks}</Anchor>,
      }} />
    </Alert>
  );
}
