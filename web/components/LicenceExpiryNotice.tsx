import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { LicenceExpiryStatus } from '../../common/privacy.ts';
import { api } from '../lib/api.ts';

const longDate = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' });

/** 30 days before the licence expires (and at 7), the dashboard says so; after, the licence form asks for the renewal. */
export function LicenceExpiryNotice() {
  const { data } = useQuery({
    queryKey: ['licence-expiry'],
    queryFn: ({ signal }) => api<LicenceExpiryStatus>('/api/users/me/licence-expiry', { signal }),
  });
  if (!data?.licenceExpiresOn) return null;
  if (data.lapsed) {
    return (
      <Alert color="orange" title="Your licence has expired" role="status">
        Your licence expired on {longDate(data.licenceExpiresOn)}. Enter your renewed licence and its new expiry date, and an
        administrator will verify it again.
      </Alert>
    );
  }
  if (data.daysLeft === null || data.daysLeft > 30) return null;
  return (
    <Alert color={data.daysLeft <= 7 ? 'red' : 'yellow'} title="Your licence expires soon" role="status">
      Your licence expires on {longDate(data.licenceExpiresOn)} ({data.daysLeft === 1 ? '1 day' : `${data.daysLeft} days`} from now).
      When it has expired, your account waits for verification until you <Anchor component={Link} to="/verification">enter the renewed licence</Anchor>.
    </Alert>
  );
}
