// The sign-in policy: how long a session may sit idle, and who must have a second factor (TOTP or a passkey).
import { Alert, Button, NumberInput, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import {
  IDLE_MINUTES_MAX, IDLE_MINUTES_MIN, type RequireTwoFactor, type SecurityPolicy,
} from '../../../common/security-policy.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { api } from '../../lib/api.ts';
import { withValues } from '../../lib/messages.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { AdminNav } from './AdminNav.tsx';

const KEY = ['admin', 'security-policy'] as const;
const m = withValues(defineMessages({
  none: { id: 'admin.security.none', defaultMessage: 'Nobody (each member chooses)', description: 'Choice of who must have two-factor sign-in: nobody is required to.' },
  admins: { id: 'admin.security.admins', defaultMessage: 'Administrators', description: 'Choice of who must have two-factor sign-in: administrators only.' },
  everyone: { id: 'admin.security.everyone', defaultMessage: 'Everyone', description: 'Choice of who must have two-factor sign-in: every member.' },
  title: { id: 'admin.security.title', defaultMessage: 'Sign-in policy', description: 'Title of the admin screen of the sign-in policy; also the accessible name of its form.' },
  loadFailed: { id: 'admin.security.loadFailed', defaultMessage: 'Could not load. Please try again.', description: 'The policy could not be loaded.' },
  saveFailed: { id: 'admin.security.saveFailed', defaultMessage: 'Could not save the policy. Please try again.', description: 'Saving the policy failed and the server gave no reason.' },
  saved: { id: 'admin.security.saved', defaultMessage: 'Sign-in policy saved.', description: 'The policy was saved.' },
  idle: { id: 'admin.security.idle', defaultMessage: 'Sign out after this many idle minutes', description: 'Label of the idle time after which members are signed out.' },
  idleHelp: { id: 'admin.security.idleHelp', defaultMessage: 'From {min, number} to {max, number} (12 hours)', description: 'Under the idle minutes: the range allowed.' },
  required: { id: 'admin.security.required', defaultMessage: 'Who must have two-factor sign-in or a passkey', description: 'Label of the choice of who must have a second factor.' },
  neither: { id: 'admin.security.neither', defaultMessage: 'Members who must and have neither can only set one up until they do.', description: 'What happens to a member required to have a second factor who has none.' },
  save: { id: 'admin.security.save', defaultMessage: 'Save policy', description: 'Button: save the policy.' },
}));

const CHOICES: { value: RequireTwoFactor; label: MessageDescriptor }[] = [
  { value: 'none', label: m.none },
  { value: 'admins', label: m.admins },
  { value: 'everyone', label: m.everyone },
];

export default function SecurityPolicyPage() {
  const intl = useIntl();
  const policy = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<SecurityPolicy>('/api/admin/security-policy', { signal }) });
  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(m.title)}</Title>
      <AdminNav />
      {policy.isPending && <PageLoader />}
      {policy.isError && <Text c="red.9" role="alert">{intl.formatMessage(m.loadFailed)}</Text>}
      {policy.data && <PolicyForm saved={policy.data} />}
    </Stack>
  );
}

function PolicyForm({ saved }: { saved: SecurityPolicy }) {
  const intl = useIntl();
  const client = useQueryClient();
  const [idle, setIdle] = useState<number | string>(saved.idleMinutes);
  const [required, setRequired] = useState<RequireTwoFactor>(saved.requireTwoFactor);
  const [done, setDone] = useState(false);
  const { busy, message, submit } = useSubmit(intl.formatMessage(m.saveFailed));
  const onSubmit = submit(async () => {
    const next = await api<SecurityPolicy>('/api/admin/security-policy', { method: 'PUT', body: { idleMinutes: Number(idle), requireTwoFactor: required } });
    client.setQueryData(KEY, next);
    setDone(true);
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} aria-label={intl.formatMessage(m.title)}>
      <Stack align="flex-start">
        {message && <Alert color="red" role="alert">{message}</Alert>}
        {done && <Alert color="green" role="status">{intl.formatMessage(m.saved)}</Alert>}
        <NumberInput label={intl.formatMessage(m.idle)} description={intl.formatMessage(m.idleHelp, { min: IDLE_MINUTES_MIN, max: IDLE_MINUTES_MAX })}
          min={IDLE_MINUTES_MIN} max={IDLE_MINUTES_MAX} allowDecimal={false} required w="100%" maw={360} value={idle} onChange={(v) => { setIdle(v); setDone(false); }} />
        <Radio.Group label={intl.formatMessage(m.required)} value={required} onChange={(v) => { setRequired(v as RequireTwoFactor); setDone(false); }}>
          <Stack gap="xs" mt="xs">
            {CHOICES.map((c) => <Radio key={c.value} value={c.value} label={intl.formatMessage(c.label)} />)}
          </Stack>
        </Radio.Group>
        <Text size="sm">{intl.formatMessage(m.neither)}</Text>
        <Button type="submit" loading={busy}>{intl.formatMessage(m.save)}</Button>
      </Stack>
    </Paper>
  );
}
