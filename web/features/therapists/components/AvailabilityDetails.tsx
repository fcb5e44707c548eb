import { Anchor, Badge, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { AVAILABILITY_STALE_TEXT } from '../../../../common/availability.ts';
import { regionName } from '../../../../common/regions.ts';
import type { Profile } from '../../../../common/therapists.ts';
import { AvailabilityBadge } from './AvailabilityBadge.tsx';
import { Details, Tags } from './Details.tsx';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** The server only stores https addresses; checked again here so no other scheme can ever become a link. */
function Website({ url }: { url: string }) {
  if (!url.startsWith('https://')) return null;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer nofollow" style={{ overflowWrap: 'anywhere' }}>
      {url.replace(/^https:\/\//, '')}<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

/** When the availability was last stated, or the warning that it may be out of date. */
function Freshness({ profile: p }: { profile: Profile }) {
  // Dark text: orange on light orange fails contrast at badge size (as the verification badge).
  if (p.availabilityStale) return <Badge color="orange" c="dark.8" variant="light" tt="none">{AVAILABILITY_STALE_TEXT}</Badge>;
  return p.availabilityUpdatedAt ? <Text size="sm" c="dimmed">Confirmed on {formatDate(p.availabilityUpdatedAt)}</Text> : null;
}

/** "CA$150.00" / "US$150.00": the currency is named, as a Canadian and an American fee read alike. */
function formatFee({ amount, currency }: NonNullable<Profile['sessionFee']>): string {
  return new Intl.NumberFormat('en-CA', { style: 'currency', currency, currencyDisplay: 'symbol' }).format(amount)
    .replace(/^\$/, 'CA$');
}

export function AvailabilityDetails({ profile: p }: { profile: Profile }) {
  return (
    <section aria-labelledby={`availability-${p._id}`}>
      <Title order={2} size="h4" mb="xs" id={`availability-${p._id}`}>Availability for referrals</Title>
      <Stack gap="xs" mb="sm">
        <Group gap="sm">
          <AvailabilityBadge status={p.acceptingClients} />
          <Freshness profile={p} />
        </Group>
        {p.availabilityNote && <Text style={{ overflowWrap: 'anywhere' }}>{p.availabilityNote}</Text>}
      </Stack>
      <Details items={[
        ['Languages', <Tags values={p.languages} color="gray" />],
        ['Fee models', <Tags values={p.feeModels} color="gray" />],
        ['Fee per session', p.sessionFee ? formatFee(p.sessionFee) : ''],
        ['Insurers', p.insurers.join(', ')],
        ['Licensed in', p.licensedRegions.map(regionName).join(', ')],
        ['Website', p.website ? <Website url={p.website} /> : ''],
      ]} />
    </section>
  );
}
