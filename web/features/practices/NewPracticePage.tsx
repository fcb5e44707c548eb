import { Alert, Button, Container, Group, Paper, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import { useNavigate } from 'react-router';
import type { CreatePractice } from '../../../common/practices.ts';
import { REGIONS } from '../../../common/regions.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { useCreatePractice } from './api.ts';
import { useScreen } from '../../lib/useScreen.ts';

/** The website field's hint: how an address begins. */
const URL_START = 'https://';

const REGION_OPTIONS = REGIONS.map((r) => ({ value: r.code, label: `${r.name} (${r.code})` }));

const m = withValues(defineMessages({
  title: { id: 'practices.new.title', defaultMessage: 'Create a practice', description: 'Title of the screen creating a practice (group clinic), of the browser tab, and accessible name of its form.' },
  failed: { id: 'practices.new.failed', defaultMessage: 'Failed to create the practice.', description: 'The practice could not be created and the server gave no reason.' },
  name: { id: 'practices.new.name', defaultMessage: 'Name', description: 'Label of the practice\'s name field.' },
  description: { id: 'practices.new.description', defaultMessage: 'Description', description: 'Label of the practice\'s description field.' },
  website: { id: 'practices.new.website', defaultMessage: 'Website', description: 'Label of the practice\'s website field.' },
  phone: { id: 'practices.new.phone', defaultMessage: 'Phone', description: 'Label of the practice\'s phone number field.' },
  city: { id: 'practices.new.city', defaultMessage: 'City', description: 'Label of the city of the practice\'s first location.' },
  region: { id: 'practices.new.region', defaultMessage: 'Province or state', description: 'Label of the province or state of the practice\'s first location.' },
  submit: { id: 'practices.new.submit', defaultMessage: 'Create practice', description: 'Button: create the practice.' },
}));

/** /practices/new: a practice with one location (more in its settings later); the creator becomes its owner. */
export default function NewPracticePage() {
  const intl = useIntl();
  const t = (key: keyof typeof m) => intl.formatMessage(m[key]);
  const heading = useScreen(t('title'));
  const navigate = useNavigate();
  const create = useCreatePractice();
  const { busy, message, submit } = useSubmit(t('failed'));
  const [form, setForm] = useState({ name: '', description: '', website: '', phone: '', city: '', region: null as string | null });
  const set = (key: keyof typeof form) => (e: { currentTarget: { value: string } }) => setForm((f) => ({ ...f, [key]: e.currentTarget.value }));
  const missing = !form.name.trim() || !form.city.trim() || !form.region;
  const onSubmit = submit(async () => {
    if (missing) return;
    const body: CreatePractice = {
      name: form.name, description: form.description, website: form.website, phone: form.phone || null,
      locations: [{ city: form.city, region: form.region as CreatePractice['locations'][number]['region'] }],
    };
    const practice = await create.mutateAsync(body);
    navigate(`/practices/${practice.slug}`);
  });
  return (
    <Container size="sm" px={0}>
      <Title order={1} ref={heading} tabIndex={-1} mb="md">{t('title')}</Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} aria-label={t('title')} noValidate>
          <Stack gap="sm">
            <TextInput label={t('name')} required value={form.name} onChange={set('name')} maxLength={120} />
            <Textarea label={t('description')} value={form.description} onChange={set('description')} maxLength={2000} autosize minRows={3} />
            <TextInput label={t('website')} type="url" placeholder={URL_START} value={form.website} onChange={set('website')} />
            <TextInput label={t('phone')} type="tel" value={form.phone} onChange={set('phone')} />
            <Group grow align="flex-start">
              <TextInput label={t('city')} required value={form.city} onChange={set('city')} />
              <Select label={t('region')} required searchable data={REGION_OPTIONS} value={form.region}
                onChange={(region) => setForm((f) => ({ ...f, region }))} />
            </Group>
            {message && <Alert color="red" role="alert">{message}</Alert>}
            <Group justify="flex-end"><Button type="submit" loading={busy} disabled={missing}>{t('submit')}</Button></Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
