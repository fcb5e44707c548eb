import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { COMMUNITY_LIMITS } from '../../../../common/communities.ts';
import { useSubmit, withServerReason } from '../../../lib/useSubmit.ts';
import { useCreateCommunity } from '../api.ts';
import { TEXTS } from './texts.ts';

const m = defineMessages({
  form: { id: 'forums.quickCreate.form', defaultMessage: 'Create a community', description: 'Accessible name of the forum sidebar\'s short form creating a community.' },
  submit: { id: 'forums.quickCreate.submit', defaultMessage: 'Create', description: 'Button: create the community.' },
});

/** The forum sidebar's short form: a name (required) and an optional description. */
export function QuickCreateCommunity({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const create = useCreateCommunity();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { busy, message, setMessage, submit } = useSubmit(withServerReason(intl.formatMessage(TEXTS.createCommunityFailed)));

  const onSubmit = submit(async () => {
    if (!name.trim()) return setMessage(intl.formatMessage(TEXTS.nameRequired));
    await create.mutateAsync({ name, description });
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={intl.formatMessage(m.form)}>
      <Stack gap="xs">
        {message && <Alert color="red" role="alert" p="xs">{message}</Alert>}
        <TextInput label={intl.formatMessage(TEXTS.name)} size="sm" value={name} maxLength={COMMUNITY_LIMITS.name} onChange={(e) => setName(e.currentTarget.value)} withAsterisk />
        <Textarea label={intl.formatMessage(TEXTS.description)} size="sm" autosize minRows={2} value={description} maxLength={COMMUNITY_LIMITS.description}
          onChange={(e) => setDescription(e.currentTarget.value)} />
        <Button type="submit" size="xs" loading={busy}>{intl.formatMessage(m.submit)}</Button>
      </Stack>
    </form>
  );
}
