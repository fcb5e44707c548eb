import { Alert, Button, Checkbox, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CreateReferralInput } from '../../../common/referrals.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { clearToSend, usePrivacyCheck } from '../../lib/privacy-check.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { canSuggest, useChosenTherapist, useCreateReferral, useSuggestions } from './api.ts';
import { NeedsFields } from './components/NeedsFields.tsx';
import { check, EMPTY_NEEDS, needsOf, type Errors, type NeedsForm } from './form.ts';
import { SuggestionList } from './components/SuggestionList.tsx';
import { useScreen } from './useScreen.ts';

// Suggestions follow the form a moment after the member stops changing it, not at every keystroke.
const SUGGEST_DELAY_MS = 400;

/** /referrals/new (?to=<id> from "Refer a client" on a profile): the needs, the ranked suggestions, and send. */
export default function NewReferralPage() {
  const [params] = useSearchParams();
  const to = params.get('to');
  const navigate = useNavigate();
  const heading = useScreen('Refer a client');
  const [form, setForm] = useState<NeedsForm>(EMPTY_NEEDS);
  const [chosen, setChosen] = useState<string[]>(to ? [to] : []);
  const [toBoard, setToBoard] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [needs] = useDebouncedValue(needsOf(form), SUGGEST_DELAY_MS);
  const suggestions = useSuggestions(needs);
  const create = useCreateReferral();
  const { busy, message, submit } = useSubmit('Failed to send the referral.');
  const noteCheck = usePrivacyCheck(form.note);
  const confirm = useConfirm();
  const blocked = noteCheck.verdict === 'refuse';

  const toggle = (id: string, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  const onSubmit = submit(async () => {
    // The button is disabled then, but Enter in a field can still submit.
    if (blocked) return;
    const found = check(form, chosen, toBoard);
    setErrors(found);
    if (Object.keys(found).length) return;
    const privacy = await clearToSend(noteCheck, form.note, confirm);
    if (!privacy) return;
    const body: CreateReferralInput = {
      ...form, ageGroup: form.ageGroup as CreateReferralInput['ageGroup'], region: form.region as CreateReferralInput['region'],
      neededBy: form.neededBy || null, note: form.note.trim(), recipientIds: chosen, toBoard, ...privacy,
    } as CreateReferralInput;
    const referral = await create.mutateAsync(body);
    navigate(`/referrals/${referral._id}`);
  });

  return (
    <Container size="lg" px={0}>
      <Title order={1} ref={heading} tabIndex={-1} mb={4}>Refer a client</Title>
      <Text c="dimmed" mb="md">Describe what the client needs, never who they are. Matching colleagues are suggested as you go.</Text>
      <form onSubmit={onSubmit} aria-label="Refer a client" noValidate>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="needs-title">
              <Title order={2} size="h4" id="needs-title" mb="sm">What the client needs</Title>
              <NeedsFields value={form} onChange={setForm} errors={errors} noteCheck={noteCheck} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="suggested-title">
                <Title order={2} size="h4" id="suggested-title">Suggested therapists</Title>
                <Text size="sm" c="dimmed" mb="sm">
                  Those licensed in the client's region first, then your network, then who is accepting clients, then the closest match.
                </Text>
                <ChosenFromProfile id={to} chosen={chosen} listed={suggestions.data?.some((s) => s._id === to) ?? false} onToggle={toggle} />
                <SuggestionList suggestions={suggestions.data} loading={suggestions.isFetching} error={suggestions.error}
                  ready={canSuggest(needs)} region={needs.region} chosen={chosen} onToggle={toggle} />
              </Paper>
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Send">
                <Stack gap="sm">
                  <Checkbox label="Also post to the board" description="Verified therapists whose profile matches can offer to take the client."
                    checked={toBoard} onChange={(e) => setToBoard(e.currentTarget.checked)} />
                  <Text size="sm" role="status">
                    {chosen.length ? `${chosen.length} of at most 10 therapists chosen.` : 'No therapist chosen yet.'}
                  </Text>
                  {errors.audience && <Alert color="red" role="alert">{errors.audience}</Alert>}
                  {Object.keys(errors).some((k) => k !== 'audience') && (
                    <Alert color="red" role="alert">Some needs are missing: see the marked fields.</Alert>
                  )}
                  {message && <Alert color="red" role="alert">{message}</Alert>}
                  <Group justify="flex-end">
                    <Button type="submit" loading={busy} disabled={blocked}>Send referral</Button>
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

/** The therapist chosen on their profile, shown by name until (unless) the suggestions list them. */
function ChosenFromProfile({ id, chosen, listed, onToggle }: { id: string | null; chosen: string[]; listed: boolean; onToggle: (id: string, on: boolean) => void }) {
  const person = useChosenTherapist(listed ? null : id);
  if (!id || listed || !person.data) return null;
  return (
    <Checkbox mb="sm" label={person.data.name} description="Chosen from their profile" checked={chosen.includes(id)}
      onChange={(e) => onToggle(id, e.currentTarget.checked)} />
  );
}
