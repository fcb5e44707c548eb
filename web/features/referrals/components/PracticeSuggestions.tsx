// Group practices suggested beside the therapists (docs/decisions/0345, 0365): several of their clinicians match, and a
// referral sent to one goes to its intake, who assigns it to a clinician. The reasons are worded here from the counts
// the API gives, so they read in the member's language.
import { Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { PracticeSuggestion } from '../../../../common/practices.ts';
import { PracticeLogo } from '../../../components/PracticeLogo.tsx';
import { withValues } from '../../../lib/messages.ts';
import { SuggestionChoice } from './SuggestionChoice.tsx';

const m = withValues(defineMessages({
  title: { id: 'referrals.practices.title', defaultMessage: 'Suggested practices', description: 'Heading of the group practices (clinics) suggested for the needs, under the suggested therapists.' },
  help: { id: 'referrals.practices.help', defaultMessage: 'A practice\'s intake assigns the referral to one of its clinicians.', description: 'Under the suggested practices heading: what sending to a practice does.' },
  matching: { id: 'referrals.practices.matching', defaultMessage: '{count, plural, one {# clinician matches} other {# clinicians match}}', description: 'Why a practice was suggested: how many of its clinicians match the needs.' },
  accepting: { id: 'referrals.practices.accepting', defaultMessage: '{count, plural, one {# accepting new clients} other {# accepting new clients}}', description: 'Why a practice was suggested: how many of its matching clinicians take new clients.' },
  located: { id: 'referrals.practices.located', defaultMessage: 'Located in {region}', description: 'Why a practice was suggested: it has a location in the client\'s region; {region} is a code such as ON.' },
  chosenFromPage: { id: 'referrals.practices.chosenFromPage', defaultMessage: 'Chosen from its page', description: 'Under the name of a practice the member chose on the practice\'s page ("Refer to this practice").' },
}));

type Props = {
  practices: PracticeSuggestion[];
  /** The practice chosen on its page ("Refer to this practice"), if any: listed first when the suggestions do not hold it. */
  fromPage: { _id: string; name: string } | null;
  region: string | null; chosen: string[]; full: boolean;
  onToggle: (id: string, on: boolean) => void;
};

/** The suggested practices as checkboxes with why each was suggested; nothing when there is no practice to show. */
export function PracticeSuggestions({ practices, fromPage, region, chosen, full, onToggle }: Props) {
  const intl = useIntl();
  const unlisted = fromPage && !practices.some((p) => p._id === fromPage._id) ? fromPage : null;
  if (!practices.length && !unlisted) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="suggested-practices-title" data-testid="practice-suggestions">
      <Title order={2} size="h4" id="suggested-practices-title">{intl.formatMessage(m.title)}</Title>
      <Text size="sm" c="dimmed" mb="sm">{intl.formatMessage(m.help)}</Text>
      <Stack gap="xs">
        {unlisted && (
          <Checkbox label={unlisted.name} description={intl.formatMessage(m.chosenFromPage)} checked={chosen.includes(unlisted._id)}
            onChange={(e) => onToggle(unlisted._id, e.currentTarget.checked)} />
        )}
        {practices.map((p) => (
          <PracticeItem key={p._id} p={p} region={region} checked={chosen.includes(p._id)} disabled={full} onToggle={onToggle} />
        ))}
      </Stack>
    </Paper>
  );
}

/** "2 clinicians match · 1 accepting new clients · Located in ON". */
function reasonsOf(intl: IntlShape, p: PracticeSuggestion, region: string | null): string {
  return [
    intl.formatMessage(m.matching, { count: p.matchingClinicians }),
    ...(p.acceptingClinicians ? [intl.formatMessage(m.accepting, { count: p.acceptingClinicians })] : []),
    ...(region && p.inRegion ? [intl.formatMessage(m.located, { region })] : []),
  ].join(' · ');
}

type ItemProps = { p: PracticeSuggestion; region: string | null; checked: boolean; disabled: boolean; onToggle: Props['onToggle'] };

function PracticeItem({ p, region, checked, disabled, onToggle }: ItemProps) {
  const intl = useIntl();
  const reasonsId = `practice-reasons-${p._id}`;
  return (
    <SuggestionChoice id={p._id} name={p.name} testId="practice-suggestion" reasonsId={reasonsId} checked={checked} disabled={disabled} onToggle={onToggle}>
      <PracticeLogo name={p.name} logo={p.logo} size={36} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{p.name}</Text>
        <Text size="sm" id={reasonsId}>{reasonsOf(intl, p, region)}</Text>
      </Stack>
    </SuggestionChoice>
  );
}
