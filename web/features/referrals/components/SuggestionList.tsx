import { Alert, Badge, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { Suggestion } from '../../../../common/referrals.ts';
import { REFERRAL_LIMITS } from '../../../../common/referrals.ts';
import { regionName } from '../../../../common/regions.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';

// The best few first, so the send controls below stay near; the rest on request.
const FIRST_SHOWN = 8;

const ACCEPTING: Record<Suggestion['acceptingClients'], [string, string, string]> = {
  accepting: ['Accepting new clients', 'green', 'dark.8'],
  waitlist: ['Waitlist', 'yellow', 'dark.8'],
  'not accepting': ['Not accepting', 'gray', 'dark.7'],
};

type Props = {
  suggestions: Suggestion[] | undefined; loading: boolean; error: Error | null; ready: boolean;
  /** The client's region the suggestions were ranked for (its code), if one was chosen. */
  region: string | null;
  chosen: string[]; onToggle: (id: string, on: boolean) => void;
};

/** "Not licensed in ON": beside a therapist who is not licensed where the client is. */
const notLicensedIn = (region: string) => `Not licensed in ${region}`;

export function NotLicensedBadge({ region }: { region: string }) {
  return <Badge variant="light" color="orange" c="dark.8" tt="none">{notLicensedIn(region)}</Badge>;
}

/** The ranked suggestions as checkboxes, each with why it was suggested; at most REFERRAL_LIMITS.recipientsMax chosen. */
export function SuggestionList({ suggestions, loading, error, ready, region, chosen, onToggle }: Props) {
  const [all, setAll] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  // The button goes once pressed: focus moves to the first therapist it revealed.
  useEffect(() => {
    if (all) list.current?.querySelectorAll<HTMLInputElement>('input[type=checkbox]')[FIRST_SHOWN]?.focus();
  }, [all]);
  if (!ready) return <Text c="dimmed" size="sm">Choose an age group or a concern to see who matches.</Text>;
  if (error) return <Alert color="red" role="alert">{error.message}</Alert>;
  if (!suggestions) return <Group gap="xs" role="status"><Loader size="xs" aria-hidden /><Text size="sm">Finding therapists...</Text></Group>;
  if (!suggestions.length) return <Text c="dimmed" size="sm">No verified therapist matches these needs yet. You can post the request to the board.</Text>;
  const full = chosen.length >= REFERRAL_LIMITS.recipientsMax;
  // A chosen therapist stays in view even when ranked below the first few.
  const shown = all ? suggestions : suggestions.filter((s, i) => i < FIRST_SHOWN || chosen.includes(s._id));
  const hidden = suggestions.length - shown.length;
  // Licensed colleagues are ranked first: when the first is not, none is.
  const noneLicensed = region !== null && !suggestions.some((s) => s.licensedInRegion);
  return (
    <Stack gap="xs" aria-busy={loading} ref={list}>
      {noneLicensed && (
        <Alert color="yellow" c="dark.8" variant="light" title={`No suggested therapist is licensed in ${region}`}>
          Check that a colleague may see a client in {regionName(region)} before sending, or also post the request to the board.
        </Alert>
      )}
      {shown.map((s) => (
        <SuggestionItem key={s._id} s={s} region={region} checked={chosen.includes(s._id)} disabled={full} onToggle={onToggle} />
      ))}
      {hidden > 0 && <Button variant="subtle" onClick={() => setAll(true)}>Show {hidden} more</Button>}
    </Stack>
  );
}

type ItemProps = { s: Suggestion; region: string | null; checked: boolean; disabled: boolean; onToggle: Props['onToggle'] };

function SuggestionItem({ s, region, checked, disabled, onToggle }: ItemProps) {
  const [label, color, text] = ACCEPTING[s.acceptingClients];
  const reasonsId = `reasons-${s._id}`;
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" p="xs" data-testid="suggestion"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)', background: checked ? 'var(--mantine-color-brand-0)' : undefined }}>
      <Checkbox mt={4} checked={checked} disabled={disabled && !checked} aria-describedby={reasonsId}
        aria-label={s.name} onChange={(e) => onToggle(s._id, e.currentTarget.checked)} />
      <UserAvatar name={s.name} src={s.avatar} size={36} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6}>
          <Text fw={600}>{s.name}</Text>
          {s.inNetwork && <Badge variant="light" color="indigo" c="indigo.9" tt="none">In your network</Badge>}
          <Badge variant="light" color={color} c={text} tt="none">{label}</Badge>
          {region && !s.licensedInRegion && <NotLicensedBadge region={region} />}
        </Group>
        <Text size="sm" c="dimmed">{[s.profession, s.location].filter(Boolean).join(' · ')}</Text>
        {s.availabilityNote && <Text size="sm">{s.availabilityNote}</Text>}
        <Text size="sm" id={reasonsId}>{s.reasons.length ? `Matches: ${s.reasons.join(', ')}` : 'No need matched'}</Text>
      </Stack>
    </Group>
  );
}
