import { Alert, Button, Card, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { GroupCase, GroupDetail } from '../../../common/groups.ts';
import { AGE_GROUPS } from '../../../common/options.ts';
import { PrivacyFindings } from '../../components/PrivacyFindings.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { withValues } from '../../lib/messages.ts';
import { useOptionLabels } from '../../lib/option-labels.ts';
import { DOT } from '../../lib/punctuation.ts';
import { clearToSend, usePrivacyCheck, type PrivacyCheck } from '../../lib/privacy-check.ts';
import { groupCalls, useGroupWrite } from './api.ts';
import { CaseComments } from './CaseComments.tsx';
import { CaseDocuments } from './CaseDocuments.tsx';

const m = withValues(defineMessages({
  title: { id: 'groups.cases.title', defaultMessage: 'Cases', description: 'Heading of the cases presented to the group' },
  rule: {
    id: 'groups.cases.rule', defaultMessage: 'Describe what the client needs, never who they are: no names, dates, places or numbers.',
    description: 'Reminder above the case form: cases are de-identified',
  },
  none: { id: 'groups.cases.none', defaultMessage: 'No case has been presented yet.', description: 'The group has no case yet' },
  present: { id: 'groups.cases.present', defaultMessage: 'Present a case', description: 'Heading of the new case form' },
  concern: { id: 'groups.cases.concern', defaultMessage: 'Presenting concern', description: 'Label of a case\'s presenting concern (the reason for consulting)' },
  concernSubject: { id: 'groups.cases.concernSubject', defaultMessage: 'presenting concern', description: 'The presenting concern, as the privacy guard names it in "The {subject} looks like it contains..."' },
  context: { id: 'groups.cases.context', defaultMessage: 'Context', description: 'Label of a case\'s context' },
  contextSubject: { id: 'groups.cases.contextSubject', defaultMessage: 'context', description: 'The context, as the privacy guard names it in "The {subject} looks like it contains..."' },
  question: { id: 'groups.cases.question', defaultMessage: 'Question for the group', description: 'Label of the question the presenter asks the group' },
  questionSubject: { id: 'groups.cases.questionSubject', defaultMessage: 'question', description: 'The question, as the privacy guard names it in "The {subject} looks like it contains..."' },
  ageGroup: { id: 'groups.cases.ageGroup', defaultMessage: 'Age group', description: 'Label of the client\'s age group' },
  post: { id: 'groups.cases.post', defaultMessage: 'Post case', description: 'Button: present the case to the group' },
  caseLabel: { id: 'groups.cases.caseLabel', defaultMessage: 'Case: {concern}', description: 'Accessible name of a case; {concern} is its presenting concern' },
  presented: {
    id: 'groups.cases.presented', defaultMessage: 'presented by {name}{discussed, select, yes { · discussed} other {}}',
    description: 'Under a case, after its age group: who presented it, and whether it was discussed at a meeting',
  },
  presentedFormer: {
    id: 'groups.cases.presentedFormer', defaultMessage: 'presented by a former member{discussed, select, yes { · discussed} other {}}',
    description: 'Under a case, after its age group: presented by someone who left Thera Root, and whether it was discussed',
  },
}));

const EMPTY = { presentingConcern: '', ageGroup: null as string | null, context: '', question: '' };
const FIELDS: readonly (readonly ['presentingConcern' | 'context' | 'question', MessageDescriptor, MessageDescriptor])[] = [
  ['presentingConcern', m.concern, m.concernSubject], ['context', m.context, m.contextSubject], ['question', m.question, m.questionSubject],
];

/** The group's cases, newest first, and a new case form checked for identifying details as the member types. */
export function Cases({ group: g }: { group: GroupDetail }) {
  const intl = useIntl();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="cases">
      <Title order={2} size="h3" id="cases">{intl.formatMessage(m.title)}</Title>
      <Text size="sm" c="dimmed">{intl.formatMessage(m.rule)}</Text>
      <NewCase groupId={g._id} />
      <Stack gap="sm" mt="md">
        {!g.cases?.length && <Text c="dimmed">{intl.formatMessage(m.none)}</Text>}
        {g.cases?.map((c) => <CaseCard key={c._id} groupId={g._id} item={c} />)}
      </Stack>
    </Paper>
  );
}

function NewCase({ groupId }: { groupId: string }) {
  const intl = useIntl();
  const labels = useOptionLabels();
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
      <Title order={3} size="h4">{intl.formatMessage(m.present)}</Title>
      {FIELDS.map(([key, label, subject]) => (
        <div key={key}>
          <Textarea label={intl.formatMessage(label)} required autosize minRows={2} value={form[key]}
            onChange={(e) => { const value = e.currentTarget.value; setForm((f) => ({ ...f, [key]: value })); }}
            aria-describedby={checks[key].findings.length ? `${key}-findings` : undefined} />
          <PrivacyFindings id={`${key}-findings`} findings={checks[key].findings} text={checks[key].checkedText} subject={intl.formatMessage(subject)} />
        </div>
      ))}
      <Select label={intl.formatMessage(m.ageGroup)} required data={labels.choices(AGE_GROUPS, labels.ageGroup)} value={form.ageGroup} onChange={(v) => setForm((f) => ({ ...f, ageGroup: v }))} />
      {create.isError && <Alert color="red" role="alert">{create.error.message}</Alert>}
      <Button type="submit" loading={create.isPending} disabled={!form.ageGroup} w="fit-content">{intl.formatMessage(m.post)}</Button>
    </Stack>
  );
}

function CaseCard({ groupId, item: c }: { groupId: string; item: GroupCase }) {
  const intl = useIntl();
  const labels = useOptionLabels();
  return (
    <Card withBorder padding="sm" component="article" aria-label={intl.formatMessage(m.caseLabel, { concern: c.presentingConcern })}>
      <Text fw={600}>{c.presentingConcern}</Text>
      <Text size="sm" c="dimmed">
        {labels.ageGroup(c.ageGroup)}{DOT}
        {intl.formatMessage(c.author ? m.presented : m.presentedFormer, { name: c.author?.name, discussed: c.discussedAt ? 'yes' : 'no' })}
      </Text>
      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>{c.context}</Text>
      <Text size="sm" mt={4} fw={500}>{c.question}</Text>
      <CaseComments groupId={groupId} item={c} />
      <CaseDocuments groupId={groupId} caseId={c._id} />
    </Card>
  );
}
