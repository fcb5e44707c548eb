import { Anchor, Badge, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { defineMessage, defineMessages, useIntl, type IntlShape, type MessageValue } from 'react-intl';
import type { Profile } from '../../../../common/therapists.ts';
import { DEFAULT_LOCALE } from '../../../../common/i18n/locales.ts';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import { fieldMessages as field } from '../messages.ts';
import { AvailabilityBadge } from './AvailabilityBadge.tsx';
import { ResponsivenessLine } from '../../../components/ResponsivenessLine.tsx';
import { Details, Tags } from './Details.tsx';

const m = defineMessages({
  newTab: { id: 'therapists.availability.opensInNewTab', defaultMessage: '(opens in a new tab)', description: 'Hidden text after the website link, for screen readers' },
  stale: { id: 'therapists.availability.stale', defaultMessage: 'Availability not confirmed recently', description: 'Badge when the therapist has not confirmed their availability for a long time' },
  licensedIn: { id: 'therapists.availability.licensedIn', defaultMessage: 'Licensed in', description: 'Profile field: provinces and states where the therapist may practise' },
});
const confirmedOn = defineMessage<{ date: MessageValue }>({ id: 'therapists.availability.confirmedOn', defaultMessage: 'Confirmed on {date}', description: 'When the therapist last confirmed their availability; date: a full date' });

/** The server only stores https addresses; checked again here so no other scheme can ever become a link. */
function Website({ url }: { url: string }) {
  const intl = useIntl();
  if (!url.startsWith('https://')) return null;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer nofollow" style={{ overflowWrap: 'anywhere' }}>
      {url.replace(/^https:\/\//, '')}<VisuallyHidden> {intl.formatMessage(m.newTab)}</VisuallyHidden>
    </Anchor>
  );
}

/** When the availability was last stated, or the warning that it may be out of date. */
function Freshness({ profile: p }: { profile: Profile }) {
  const intl = useIntl();
  // Dark text: orange on light orange fails contrast at badge size (as the verification badge).
  if (p.availabilityStale) return <Badge color="orange" c="dark.8" variant="light" tt="none">{intl.formatMessage(m.stale)}</Badge>;
  if (!p.availabilityUpdatedAt) return null;
  const date = intl.formatDate(p.availabilityUpdatedAt, { year: 'numeric', month: 'long', day: 'numeric' });
  return <Text size="sm" c="dimmed">{intl.formatMessage(confirmedOn, { date })}</Text>;
}

/**
 * "CA$150.00" / "US$150.00": the currency is named, as a Canadian and an American fee read alike. In French, the
 * locale's own form names it too (« 150,00 $ », « 150,00 $ US »).
 */
function formatFee(intl: IntlShape, { amount, currency }: NonNullable<Profile['sessionFee']>): string {
  if (intl.locale !== DEFAULT_LOCALE) return intl.formatNumber(amount, { style: 'currency', currency, currencyDisplay: 'symbol' });
  return new Intl.NumberFormat('en-CA', { style: 'currency', currency, currencyDisplay: 'symbol' }).format(amount)
    .replace(/^\$/, 'CA$');
}

export function AvailabilityDetails({ profile: p }: { profile: Profile }) {
  const intl = useIntl();
  const labels = useOptionLabels();
  const t = intl.formatMessage;
  return (
    <section aria-labelledby={`availability-${p._id}`}>
      <Title order={2} size="h4" mb="xs" id={`availability-${p._id}`}>{t(field.availability)}</Title>
      <Stack gap="xs" mb="sm">
        <Group gap="sm">
          <AvailabilityBadge status={p.acceptingClients} />
          <Freshness profile={p} />
        </Group>
        {p.availabilityNote && <Text style={{ overflowWrap: 'anywhere' }}>{p.availabilityNote}</Text>}
        <ResponsivenessLine rate={p.responseRate} hours={p.medianResponseHours} />
      </Stack>
      <Details items={[
        [t(field.languages), <Tags values={p.languages} color="gray" label={labels.language} />],
        [t(field.feeModels), <Tags values={p.feeModels} color="gray" label={labels.feeModel} />],
        [t(field.feePerSession), p.sessionFee ? formatFee(intl, p.sessionFee) : ''],
        [t(field.insurers), p.insurers.join(', ')],
        [t(m.licensedIn), p.licensedRegions.map(labels.region).join(', ')],
        [t(field.website), p.website ? <Website url={p.website} /> : ''],
      ]} />
    </section>
  );
}
