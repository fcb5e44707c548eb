import { Alert, Button, Checkbox, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { REFERRAL_LIMITS, type CreateReferralInput } from '../../../common/referrals.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { clearToSend, usePrivacyCheck } from '../../lib/privacy-check.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { canSuggest, useChosenPractice, useChosenTherapist, useCreateReferral, useSuggestions } from './api.ts';
import { NeedsFields } from './components/NeedsFields.tsx';
import { check, EMPTY_NEEDS, needsOf, type Errors, type NeedsForm } from './form.ts';
import { SuggestionList } from './components/SuggestionList.tsx';
import { PracticeSuggestions } from './components/PracticeSuggestions.tsx';
import { useScreen } from '../../lib/useScreen.ts';

const m = withValues(defineMessages({
  title: { id: 'referrals.new.title', defaultMessage: 'Refer a client', description: 'Title of the new referral screen (and of the browser tab); also the accessible name of its form.' },
  failed: { id: 'referrals.new.failed', defaultMessage: 'Failed to send the referral.', description: 'The referral could not be sent and the server gave no reason (it could not be reached).' },
  intro: { id: 'referrals.new.intro', defaultMessage: 'Describe what the client needs, never who they are. Matching colleagues are suggested as you go.', description: 'Under the new referral title.' },
  needsTitle: { id: 'referrals.new.needsTitle', defaultMessage: 'What the client needs', description: 'Heading of the needs part of the referral form.' },
  suggestedTitle: { id: 'referrals.new.suggestedTitle', defaultMessage: 'Suggested therapists', description: 'Heading of the therapists suggested for the needs.' },
  ranking: { id: 'referrals.new.ranking', defaultMessage: 'Those licensed in the client\'s region first, then your network, then who is accepting clients, then the closest match.', description: 'How the suggested therapists are ordered.' },
  send: { id: 'referrals.new.sendSection', defaultMessage: 'Send', description: 'Accessible name of the part of the form with the board choice and the send button.' },
  toBoard: { id: 'referrals.new.toBoard', defaultMessage: 'Also post to the board', description: 'Checkbox: also post the referral to the board.' },
  toBoardHelp: { id: 'referrals.new.toBoardHelp', defaultMessage: 'Verified therapists whose profile matches can offer to take the client.', description: 'Under the board checkbox.' },
  toPractice: { id: 'referrals.new.toPractice', defaultMessage: 'To the intake of {practice}', description: 'The referral goes to a practice\'s (group clinic\'s) intake; {practice} is its name.' },
  chosen: { id: 'referrals.new.chosen', defaultMessage: '{count, plural, one {# of at most {max} therapists chosen.} other {# of at most {max} therapists chosen.}}', description: 'How many therapists are chosen as recipients, of the most allowed (announced as it changes).' },
  chosenWithPractices: { id: 'referrals.new.chosenWithPractices', defaultMessage: '{therapists, plural, one {# therapist} other {# therapists}} and {practices, plural, one {# practice} other {# practices}} chosen, of at most {max}.', description: 'How many therapists and practices (group clinics) are chosen as recipients, of the most allowed together (announced as it changes).' },
  noneChosen: { id: 'referrals.new.noneChosen', defaultMessage: 'No therapist chosen yet.', description: 'No recipient is chosen yet.' },
  missing: { id: 'referrals.new.missing', defaultMessage: 'Some needs are missing: see the marked fields.', description: 'The form was sent with needs missing; the fields say which.' },
  submit: { id: 'referrals.new.submit', defaultMessage: 'Send referral', description: 'Button: send the referral.' },
  fromProfile: { id: 'referrals.new.fromProfile', defaultMessage: 'Chosen from their profile', description: 'Under the name of a therapist the member chose on the therapist\'s profile ("Refer a client").' },
}));

// Suggestions follow the form a moment after the member stops changing it, not at every keystroke.
const SUGGEST_DELAY_MS = 400;

/** /referrals/new (?to=<id> from "Refer a client" on a profile): the needs, the ranked suggestions, and send. */
export default function NewReferralPage() {
  const [params] = useSearchParams();
  const to = params.get('to');
  // "Refer to this practice" on a practice's page: the practice's intake inbox receives it (docs/decisions/0245).
  const practiceId = params.get('practice');
  const practice = useChosenPractice(practiceId);
  // Practices chosen on the form (suggested ones, docs/decisions/0365) and the one from its page, sent once it is found.
  const [practiceChoice, setPracticeChoice] = useState<string[]>(practiceId ? [practiceId] : []);
  const practiceIds = practiceChoice.filter((id) => id !== practiceId || practice.data?._id === id);
  const navigate = useNavigate();
  const intl = useIntl();
  const heading = useScreen(intl.formatMessage(m.title));
  const [form, setForm] = useState<NeedsForm>(EMPTY_NEEDS);
  const [chosen, setChosen] = useState<string[]>(to ? [to] : []);
  const [toBoard, setToBoard] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [needs] = useDebouncedValue(needsOf(form), SUGGEST_DELAY_MS);
  const suggestions = useSuggestions(needs);
  const create = useCreateReferral();
  const { busy, message, submit } = useSubmit(intl.formatMessage(m.failed));
  const noteCheck = usePrivacyCheck(form.note);
  const confirm = useConfirm();
  const blocked = noteCheck.verdict === 'refuse';

  const toggle = (id: string, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  const togglePractice = (id: string, on: boolean) => setPracticeChoice((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  const suggestedPractices = suggestions.data?.practices ?? [];
  // Therapists and practices count together against the limit, as the server counts them.
  const full = chosen.length + practiceIds.length >= REFERRAL_LIMITS.recipientsMax;
  const practiceNames = new Map([...suggestedPractices, ...(practice.data ? [practice.data] : [])].map((p) => [p._id, p.name]));
  const onSubmit = submit(async () => {
    // The button is disabled then, but Enter in a field can still submit.
    if (blocked) return;
    const found = check(form, [...chosen, ...practiceIds], toBoard);
    setErrors(found);
    if (Object.keys(found).length) return;
    const privacy = await clearToSend(noteCheck, form.note, confirm);
    if (!privacy) return;
    const body: CreateReferralInput = {
      ...form, ageGroup: form.ageGroup as CreateReferralInput['ageGroup'], region: form.region as CreateReferralInput['region'],
      neededBy: form.neededBy || null, note: form.note.trim(), recipientIds: chosen, recipientPracticeIds: practiceIds, toBoard, ...privacy,
    } as CreateReferralInput;
    const referral = await create.mutateAsync(body);
    navigate(`/referrals/${referral._id}`);
  });

  // The checks' messages, worded for the fields and alerts.
  const shown = Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, intl.formatMessage(message)])) as Partial<Record<keyof Errors, string>>;
  return (
    <Container size="lg" px={0}>
      <Title order={1} ref={heading} tabIndex={-1} mb={4}>{intl.formatMessage(m.title)}</Title>
      <Text c="dimmed" mb="md">{intl.formatMessage(m.intro)}</Text>
      <form onSubmit={onSubmit} aria-label={intl.formatMessage(m.title)} noValidate>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="needs-title">
              <Title order={2} size="h4" id="needs-title" mb="sm">{intl.formatMessage(m.needsTitle)}</Title>
              <NeedsFields value={form} onChange={setForm} errors={shown} noteCheck={noteCheck} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="suggested-title">
                <Title order={2} size="h4" id="suggested-title">{intl.formatMessage(m.suggestedTitle)}</Title>
                <Text size="sm" c="dimmed" mb="sm">{intl.formatMessage(m.ranking)}</Text>
                <ChosenFromProfile id={to} chosen={chosen} listed={suggestions.data?.suggestions.some((s) => s._id === to) ?? false} onToggle={toggle} />
                <SuggestionList suggestions={suggestions.data?.suggestions} loading={suggestions.isFetching} error={suggestions.error}
                  ready={canSuggest(needs)} region={needs.region} chosen={chosen} full={full} onToggle={toggle} />
              </Paper>
              <PracticeSuggestions practices={suggestedPractices} fromPage={practice.data ?? null} region={needs.region}
                chosen={practiceIds} full={full} onToggle={togglePractice} />
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={intl.formatMessage(m.send)}>
                <Stack gap="sm">
                  <Checkbox label={intl.formatMessage(m.toBoard)} description={intl.formatMessage(m.toBoardHelp)}
                    checked={toBoard} onChange={(e) => setToBoard(e.currentTarget.checked)} />
                  {practiceIds.map((id) => (
                    <Text key={id} size="sm" fw={600}>{intl.formatMessage(m.toPractice, { practice: practiceNames.get(id) ?? '' })}</Text>
                  ))}
                  <Text size="sm" role="status">{chosenLine(intl, chosen.length, practiceIds.length)}</Text>
                  {shown.audience && <Alert color="red" role="alert">{shown.audience}</Alert>}
                  {Object.keys(errors).some((k) => k !== 'audience') && (
                    <Alert color="red" role="alert">{intl.formatMessage(m.missing)}</Alert>
                  )}
                  {message && <Alert color="red" role="alert">{message}</Alert>}
                  <Group justify="flex-end">
                    <Button type="submit" loading={busy} disabled={blocked}>{intl.formatMessage(m.submit)}</Button>
                  </Group>
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </Container>
  );
}

/** "2 of at most 10 therapists chosen.", or with practices "1 therapist and 1 practice chosen, of at most 10." */
function chosenLine(intl: IntlShape, therapists: number, practices: number): string {
  const max = REFERRAL_LIMITS.recipientsMax;
  if (practices) return intl.formatMessage(m.chosenWithPractices, { therapists, practices, max });
  return therapists ? intl.formatMessage(m.chosen, { count: therapists, max }) : intl.formatMessage(m.noneChosen);
}

/** The therapist chosen on their profile, shown by name until (unless) the suggestions list them. */
function ChosenFromProfile({ id, chosen, listed, onToggle }: { id: string | null; chosen: string[]; listed: boolean; onToggle: (id: string, on: boolean) => void }) {
  const intl = useIntl();
  const person = useChosenTherapist(listed ? null : id);
  if (!id || listed || !person.data) return null;
  return (
    <Checkbox mb="sm" label={person.data.name} description={intl.formatMessage(m.fromProfile)} checked={chosen.includes(id)}
      onChange={(e) => onToggle(id, e.currentTarget.checked)} />
  );
}
