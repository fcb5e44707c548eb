import { ResponsivenessLine } from '../../../components/ResponsivenessLine.tsx';
import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { useOptionLabels, type OptionLabels } from '../../../lib/option-labels.ts';
import { withValues } from '../../../lib/messages.ts';
import type { Suggestion } from '../../../../common/referrals.ts';
import { regionName } from '../../../../common/regions.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { SuggestionChoice } from './SuggestionChoice.tsx';

// The best few first, so the send controls below stay near; the rest on request.
const FIRST_SHOWN = 8;

const m = withValues(defineMessages({
  accepting: { id: 'referrals.suggestions.accepting', defaultMessage: 'Accepting new clients', description: 'Badge on a suggested therapist: they take new clients.' },
  waitlist: { id: 'referrals.suggestions.waitlist', defaultMessage: 'Waitlist', description: 'Badge on a suggested therapist: new clients go on their waitlist.' },
  notAccepting: { id: 'referrals.suggestions.notAccepting', defaultMessage: 'Not accepting', description: 'Badge on a suggested therapist: they take no new clients.' },
  notLicensedIn: { id: 'referrals.suggestions.notLicensedIn', defaultMessage: 'Not licensed in {region}', description: 'Badge beside a therapist who is not licensed where the client lives; {region} is a province or state code such as ON.' },
  notReady: { id: 'referrals.suggestions.notReady', defaultMessage: 'Choose an age group or a concern to see who matches.', description: 'Before any need is chosen, in place of the suggested therapists.' },
  finding: { id: 'referrals.suggestions.finding', defaultMessage: 'Finding therapists...', description: 'While the suggested therapists load.' },
  none: { id: 'referrals.suggestions.none', defaultMessage: 'No verified therapist matches these needs yet. You can post the request to the board.', description: 'No therapist matches the needs chosen.' },
  noneLicensedTitle: { id: 'referrals.suggestions.noneLicensedTitle', defaultMessage: 'No suggested therapist is licensed in {region}', description: 'Warning title: none of the suggestions may practise where the client lives; {region} is a code such as ON.' },
  noneLicensed: { id: 'referrals.suggestions.noneLicensed', defaultMessage: 'Check that a colleague may see a client in {region} before sending, or also post the request to the board.', description: 'Warning body under the title above; {region} is the region\'s name, such as Ontario.' },
  showMore: { id: 'referrals.suggestions.showMore', defaultMessage: 'Show {count, plural, one {# more} other {# more}}', description: 'Button: show the suggested therapists hidden below the first few; {count} is how many.' },
  inNetwork: { id: 'referrals.suggestions.inNetwork', defaultMessage: 'In your network', description: 'Badge on a suggested therapist who is one of the member\'s connections.' },
  matches: { id: 'referrals.suggestions.matches', defaultMessage: 'Matches: {reasons}', description: 'Why a therapist was suggested; {reasons} is a list of the needs they match, separated by commas.' },
  noMatch: { id: 'referrals.suggestions.noNeedMatched', defaultMessage: 'No need matched', description: 'A suggested therapist who matches none of the needs chosen.' },
  licensedIn: { id: 'referrals.suggestions.licensedIn', defaultMessage: 'licensed in {region}', description: 'One of the needs a suggested therapist matches, in the list after "Matches:": licensed where the client lives; {region} is a code such as ON.' },
}));

const ACCEPTING: Record<Suggestion['acceptingClients'], [MessageDescriptor, string, string]> = {
  accepting: [m.accepting, 'green', 'dark.8'],
  waitlist: [m.waitlist, 'yellow', 'dark.8'],
  'not accepting': [m.notAccepting, 'gray', 'dark.7'],
};

type Props = {
  suggestions: Suggestion[] | undefined; loading: boolean; error: Error | null; ready: boolean;
  /** The client's region the suggestions were ranked for (its code), if one was chosen. */
  region: string | null;
  chosen: string[];
  /** No more recipients may be chosen (therapists and practices count together). */
  full: boolean;
  onToggle: (id: string, on: boolean) => void;
};

/** "Not licensed in ON": beside a therapist who is not licensed where the client is. */
export function NotLicensedBadge({ region }: { region: string }) {
  const intl = useIntl();
  return <Badge variant="light" color="orange" c="dark.8" tt="none">{intl.formatMessage(m.notLicensedIn, { region })}</Badge>;
}

/** The ranked suggestions as checkboxes, each with why it was suggested; none more once `full`. */
export function SuggestionList({ suggestions, loading, error, ready, region, chosen, full, onToggle }: Props) {
  const intl = useIntl();
  const [all, setAll] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  // The button goes once pressed: focus moves to the first therapist it revealed.
  useEffect(() => {
    if (all) list.current?.querySelectorAll<HTMLInputElement>('input[type=checkbox]')[FIRST_SHOWN]?.focus();
  }, [all]);
  if (!ready) return <Text c="dimmed" size="sm">{intl.formatMessage(m.notReady)}</Text>;
  if (error) return <Alert color="red" role="alert">{error.message}</Alert>;
  if (!suggestions) return <Group gap="xs" role="status"><Loader size="xs" aria-hidden /><Text size="sm">{intl.formatMessage(m.finding)}</Text></Group>;
  if (!suggestions.length) return <Text c="dimmed" size="sm">{intl.formatMessage(m.none)}</Text>;
  // A chosen therapist stays in view even when ranked below the first few.
  const shown = all ? suggestions : suggestions.filter((s, i) => i < FIRST_SHOWN || chosen.includes(s._id));
  const hidden = suggestions.length - shown.length;
  // Licensed colleagues are ranked first: when the first is not, none is.
  const noneLicensed = region !== null && !suggestions.some((s) => s.licensedInRegion);
  return (
    <Stack gap="xs" aria-busy={loading} ref={list}>
      {noneLicensed && (
        <Alert color="yellow" c="dark.8" variant="light" title={intl.formatMessage(m.noneLicensedTitle, { region })}>
          {intl.formatMessage(m.noneLicensed, { region: regionName(region) })}
        </Alert>
      )}
      {shown.map((s) => (
        <SuggestionItem key={s._id} s={s} region={region} checked={chosen.includes(s._id)} disabled={full} onToggle={onToggle} />
      ))}
      {hidden > 0 && <Button variant="subtle" onClick={() => setAll(true)}>{intl.formatMessage(m.showMore, { count: hidden })}</Button>}
    </Stack>
  );
}

type ItemProps = { s: Suggestion; region: string | null; checked: boolean; disabled: boolean; onToggle: Props['onToggle'] };

/** "Teen, Anxiety, EMDR, Online, licensed in ON": the needs matched, each labelled in the reader's language. */
function reasonsOf(intl: IntlShape, labels: OptionLabels, s: Suggestion, region: string | null): string[] {
  const { ageGroup, concerns, modalities, sessionFormats, languages, feeModels } = s.matched;
  return [
    ...(ageGroup ? [labels.ageGroup(ageGroup)] : []), ...concerns.map(labels.specialty), ...modalities.map(labels.modality),
    ...sessionFormats.map(labels.sessionFormat),
    ...(region && s.licensedInRegion ? [intl.formatMessage(m.licensedIn, { region })] : []),
    ...languages.map(labels.language), ...feeModels.map(labels.feeModel),
  ];
}

function SuggestionItem({ s, region, checked, disabled, onToggle }: ItemProps) {
  const intl = useIntl();
  const labels = useOptionLabels();
  const [label, color, text] = ACCEPTING[s.acceptingClients];
  const reasonsId = `reasons-${s._id}`;
  const reasons = reasonsOf(intl, labels, s, region);
  return (
    <SuggestionChoice id={s._id} name={s.name} testId="suggestion" reasonsId={reasonsId} checked={checked} disabled={disabled} onToggle={onToggle}>
      <UserAvatar name={s.name} src={s.avatar} size={36} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6}>
          <Text fw={600}>{s.name}</Text>
          {s.inNetwork && <Badge variant="light" color="indigo" c="indigo.9" tt="none">{intl.formatMessage(m.inNetwork)}</Badge>}
          <Badge variant="light" color={color} c={text} tt="none">{intl.formatMessage(label)}</Badge>
          {region && !s.licensedInRegion && <NotLicensedBadge region={region} />}
        </Group>
        <Text size="sm" c="dimmed">{[s.profession, s.location].filter(Boolean).join(' · ')}</Text>
        {s.availabilityNote && <Text size="sm">{s.availabilityNote}</Text>}
        <ResponsivenessLine rate={s.responseRate} hours={s.medianResponseHours} />
        <Text size="sm" id={reasonsId}>{reasons.length ? intl.formatMessage(m.matches, { reasons: intl.formatList(reasons, { type: 'unit' }) }) : intl.formatMessage(m.noMatch)}</Text>
      </Stack>
    </SuggestionChoice>
  );
}
