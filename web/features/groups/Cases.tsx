import { Alert, Button, Card, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { GroupCase, GroupDetail } from '../../../common/groups.ts';
import { AGE_GROUPS } from '../../../common/options.ts';
import { PrivacyFindings } from '../../components/PrivacyFindings.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { clearToSend, usePrivacyCheck, type PrivacyCheck } from '../../lib/privacy-check.ts';
import { groupCalls, useGroupWrite } from './api.ts';
import { CaseDocuments } from './CaseDocuments.tsx';

const EMPTY = { presentingConcern: '', ageGroup: null as string | null, context: '', question: '' };
const FIELDS = [['presentingConcern', 'Presenting concern', 'presenting concern'], ['context', 'Context', 'context'], ['question', 'Question for the group', 'question']] as const;

/** The group's cases, newest first, and a new case form checked for identifying details as the member types. */
export function Cases({ group: g }: { group: GroupDetail }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="cases">
      <Title order={2} size="h3" id="cases">Cases</Title>
      <Text size="sm" c="dimmed">Describe what the client needs, never who they are: no names, dates, places or numbers.</Text>
      <NewCase groupId={g._id} />
      <Stack gap="sm" mt="md">
        {!g.cases?.length && <Text c="dimmed">No case has been presented yet.</Text>}
        {g.cases?.map((c) => <CaseCard key={c._id} groupId={g._id} item={c} />)}
      </Stack>
    </Paper>
  );
}

function NewCase({ groupId }: { groupId: string }) {
  const [form, setForm] = useState(EMPTY);
  const checks: Record<(typeof FIELDS)[number][0], PrivacyCheck> = {
    presentingConcern: usePrivacyCheck(form.presentingConcern), context: usePrivacyCheck(form.context), question: usePrivacyCheck(form.question),
  };
  const confirm = useConfirm();
  const create = useGroupWrite(groupCalls.createCase);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    let confirmLikelyName = false;
    for (const [key] of FIELDS) {
      const clear = await clearToSend(checks[key], form[key], confirm);
      if (!clear) return;
      confirmLikelyName ||= clear.confirmLikelyName;
    }
    create.mutate({ id: groupId, body: { ...form, confirmLikelyName } }, { onSuccess: () => setForm(EMPTY) });
  };
  return (
    <Stack component="form" onSubmit={(e) => void submit(e)} gap="xs" mt="sm">
      <Title order={3} size="h4">Present a case</Title>
      {FIELDS.map(([key, label, subject]) => (
        <div key={key}>
          <Textarea label={label} required autosize minRows={2} value={form[key]}
            onChange={(e) => { const value = e.currentTarget.value; setForm((f) => ({ ...f, [key]: value })); }}
            aria-describedby={checks[key].findings.length ? `${key}-findings` : undefined} />
          <PrivacyFindings id={`${key}-findings`} findings={checks[key].findings} text={checks[key].checkedText} subject={subject} />
        </div>
      ))}
      <Select label="Age group" required data={[...AGE_GROUPS]} value={form.ageGroup} onChange={(v) => setForm((f) => ({ ...f, ageGroup: v }))} />
      {create.isError && <Alert color="red" role="alert">{create.error.message}</Alert>}
      <Button type="submit" loading={create.isPending} disabled={!form.ageGroup} w="fit-content">Post case</Button>
    </Stack>
  );
}

function CaseCard({ groupId, item: c }: { groupId: string; item: GroupCase }) {
  const [reply, setReply] = useState('');
  const check = usePrivacyCheck(reply);
  const confirm = useConfirm();
  const comment = useGroupWrite(groupCalls.comment);
  const send = async () => {
    const clear = await clearToSend(check, reply, confirm);
    if (clear) comment.mutate({ id: groupId, caseId: c._id, body: reply }, { onSuccess: () => setReply('') });
  };
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Case: ${c.presentingConcern}`}>
      <Text fw={600}>{c.presentingConcern}</Text>
      <Text size="sm" c="dimmed">{c.ageGroup} · presented by {c.author?.name ?? 'a former member'}{c.discussedAt ? ' · discussed' : ''}</Text>
      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>{c.context}</Text>
      <Text size="sm" mt={4} fw={500}>{c.question}</Text>
      <Stack gap={4} mt="xs">
        {c.comments.map((k) => (
          <Text key={k._id} size="sm" pl={k.parentId ? 'md' : 0}><strong>{k.author?.name ?? 'A former member'}:</strong> {k.body}</Text>
        ))}
      </Stack>
      <Textarea label="Comment" size="sm" mt="xs" autosize value={reply} onChange={(e) => setReply(e.currentTarget.value)} />
      <PrivacyFindings findings={check.findings} text={check.checkedText} subject="comment" />
      <Button size="xs" mt={4} w="fit-content" disabled={!reply.trim()} loading={comment.isPending} onClick={() => void send()}>Comment</Button>
      {comment.isError && <Alert color="red" role="alert" mt={4}>{comment.error.message}</Alert>}
      <CaseDocuments groupId={groupId} caseId={c._id} />
    </Card>
  );
}
