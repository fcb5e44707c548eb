import { Alert, Button, Group, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { LIMITS } from '../../../common/constants.ts';
import { RESOURCE_CATEGORIES } from '../../../common/options.ts';
import { RESOURCE_DESCRIPTION_MAX, RESOURCE_TITLE_MAX, ResourceBody } from '../../../common/resources.ts';
import { useOptionLabels } from '../../lib/option-labels.ts';
import { serverMessageOr, useSubmit } from '../../lib/useSubmit.ts';
import { useSubmitResource } from './api.ts';

// The start of a web address: the same in every language.
const URL_PLACEHOLDER = 'https://';

type Field = 'title' | 'link' | 'category' | 'description';
const EMPTY: Record<Field, string> = { title: '', link: '', category: '', description: '' };

const LABELS = defineMessages({
  title: { id: 'resources.submit.field.title', defaultMessage: 'Title', description: 'Label of a submitted resource\'s title field.' },
  link: { id: 'resources.submit.field.link', defaultMessage: 'Link', description: 'Label of a submitted resource\'s web address field.' },
  category: { id: 'resources.submit.field.category', defaultMessage: 'Category', description: 'Label of a submitted resource\'s category field.' },
  description: { id: 'resources.submit.field.description', defaultMessage: 'Description', description: 'Label of a submitted resource\'s description field.' },
}) satisfies Record<Field, unknown>;
const m = defineMessages({
  title: { id: 'resources.submit.title', defaultMessage: 'Submit a resource', description: 'Title of the form submitting a resource to the library.' },
  done: { id: 'resources.submit.done', defaultMessage: 'Resource submitted for approval successfully!', description: 'After submitting a resource: it awaits an administrator\'s approval.' },
  failed: { id: 'resources.submit.failed', defaultMessage: 'Failed to submit resource.', description: 'Title of the alert when submitting a resource failed; the server\'s reason follows.' },
  close: { id: 'resources.submit.close', defaultMessage: 'Close', description: 'Button closing the submit form.' },
  submit: { id: 'resources.submit.submit', defaultMessage: 'Submit', description: 'Button sending the resource.' },
});
const mv = defineMessages<{ required: { field: string }; tooLong: { field: string; max: number }; notHttp: { field: string } }>({
  required: { id: 'resources.submit.required', defaultMessage: '{field} is required', description: 'A form field left empty; {field} is its label.' },
  tooLong: { id: 'resources.submit.tooLong', defaultMessage: '{field} must be at most {max} characters', description: 'A form field\'s text is too long; {field} is its label.' },
  notHttp: { id: 'resources.submit.notHttp', defaultMessage: '{field} must be an http or https URL', description: 'The link field holds no web address; {field} is its label.' },
});

/** The same zod schema the server applies, so the form and the API agree on every rule; its refusals said here. */
function validate(intl: IntlShape, values: Record<Field, string>) {
  const parsed = ResourceBody.safeParse({ ...values, category: values.category || undefined });
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as Field;
    const field = intl.formatMessage(LABELS[name]);
    const message = values[name].trim() === '' || name === 'category' ? intl.formatMessage(mv.required, { field })
      : issue.code === 'too_big' ? intl.formatMessage(mv.tooLong, { field, max: Number(issue.maximum) })
        : intl.formatMessage(mv.notHttp, { field });
    errors[name] ??= message;
  }
  return { data: null, errors };
}

export function SubmitResourceForm({ onDone }: { onDone?: () => void }) {
  const intl = useIntl();
  const labels = useOptionLabels();
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
    const { data, errors: found } = validate(intl, values);
    setErrors(found);
    if (!data) return;
    await create.mutateAsync(data);
    setValues(EMPTY);
    setSubmitted(true);
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="submit-resource-title">
      <Title order={2} size="h4" id="submit-resource-title" mb="sm">{intl.formatMessage(m.title)}</Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label={intl.formatMessage(LABELS.title)} required maxLength={RESOURCE_TITLE_MAX} value={values.title}
            onChange={(e) => set('title')(e.currentTarget.value)} error={errors.title} />
          <TextInput label={intl.formatMessage(LABELS.link)} type="url" required maxLength={LIMITS.url} placeholder={URL_PLACEHOLDER}
            value={values.link} onChange={(e) => set('link')(e.currentTarget.value)} error={errors.link} />
          <Select label={intl.formatMessage(LABELS.category)} required data={labels.choices(RESOURCE_CATEGORIES, labels.resourceCategory)} value={values.category || null}
            onChange={(v) => set('category')(v ?? '')} error={errors.category} allowDeselect={false} />
          <Textarea label={intl.formatMessage(LABELS.description)} required autosize minRows={3} maxRows={8} maxLength={RESOURCE_DESCRIPTION_MAX}
            value={values.description} onChange={(e) => set('description')(e.currentTarget.value)} error={errors.description} />
          {submitted && <Alert color="green" role="status">{intl.formatMessage(m.done)}</Alert>}
          {failure !== null && <Alert color="red" role="alert" title={intl.formatMessage(m.failed)}>{failure}</Alert>}
          <Group justify="flex-end">
            {onDone && <Button variant="default" onClick={onDone}>{intl.formatMessage(m.close)}</Button>}
            <Button type="submit" loading={busy}>{intl.formatMessage(m.submit)}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
