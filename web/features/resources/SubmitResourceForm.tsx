import { Alert, Button, Group, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { LIMITS } from '../../../common/constants.ts';
import { RESOURCE_CATEGORIES } from '../../../common/options.ts';
import {
  RESOURCE_DESCRIPTION_MAX, RESOURCE_SUBMIT_FAILED, RESOURCE_SUBMITTED, RESOURCE_TITLE_MAX, ResourceBody,
} from '../../../common/resources.ts';
import { serverMessageOr, useSubmit } from '../../lib/useSubmit.ts';
import { useSubmitResource } from './api.ts';

type Field = 'title' | 'link' | 'category' | 'description';
const LABELS: Record<Field, string> = { title: 'Title', link: 'Link', category: 'Category', description: 'Description' };
const EMPTY: Record<Field, string> = { title: '', link: '', category: '', description: '' };

/** The same zod schema the server applies, so the form and the API agree on every rule. */
function validate(values: Record<Field, string>) {
  const parsed = ResourceBody.safeParse({ ...values, category: values.category || undefined });
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    const message = values[field] === '' ? 'is required' : issue.message;
    errors[field] ??= `${LABELS[field]} ${message}`;
  }
  return { data: null, errors };
}

export function SubmitResourceForm({ onDone }: { onDone?: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const create = useSubmitResource();
  // The alert's title says it failed; its body gives the server's reason when there is one.
  const { busy, message: failure, submit } = useSubmit(serverMessageOr(''));

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = submit(async () => {
    setSubmitted(false);
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) return;
    await create.mutateAsync(data);
    setValues(EMPTY);
    setSubmitted(true);
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="submit-resource-title">
      <Title order={2} size="h4" id="submit-resource-title" mb="sm">Submit a resource</Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" required maxLength={RESOURCE_TITLE_MAX} value={values.title}
            onChange={(e) => set('title')(e.currentTarget.value)} error={errors.title} />
          <TextInput label="Link" type="url" required maxLength={LIMITS.url} placeholder="https://"
            value={values.link} onChange={(e) => set('link')(e.currentTarget.value)} error={errors.link} />
          <Select label="Category" required data={[...RESOURCE_CATEGORIES]} value={values.category || null}
            onChange={(v) => set('category')(v ?? '')} error={errors.category} allowDeselect={false} />
          <Textarea label="Description" required autosize minRows={3} maxRows={8} maxLength={RESOURCE_DESCRIPTION_MAX}
            value={values.description} onChange={(e) => set('description')(e.currentTarget.value)} error={errors.description} />
          {submitted && <Alert color="green" role="status">{RESOURCE_SUBMITTED}</Alert>}
          {failure !== null && <Alert color="red" role="alert" title={RESOURCE_SUBMIT_FAILED}>{failure}</Alert>}
          <Group justify="flex-end">
            {onDone && <Button variant="default" onClick={onDone}>Close</Button>}
            <Button type="submit" loading={busy}>Submit</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
