import { Alert, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { ForumPrivacySetting } from '../../../common/privacy-check.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { withValues } from '../../lib/messages.ts';
import { AdminNav } from './AdminNav.tsx';
import { useForumPrivacy, useSaveForumPrivacy } from './api.ts';

type Mode = ForumPrivacySetting['mode'];

const m = withValues(defineMessages({
  confirm: { id: 'admin.forumPrivacy.confirm', defaultMessage: 'Ask the writer to confirm', description: 'Choice: a forum post that looks identifying is published once its writer confirms it is not.' },
  confirmHelp: { id: 'admin.forumPrivacy.confirmHelp', defaultMessage: 'The writer sees what looked identifying and may post once they confirm nothing identifies a client.', description: 'Under the "Ask the writer to confirm" choice.' },
  refuse: { id: 'admin.forumPrivacy.refuse', defaultMessage: 'Refuse the post', description: 'Choice: a forum post that looks identifying is refused.' },
  refuseHelp: { id: 'admin.forumPrivacy.refuseHelp', defaultMessage: 'A post or comment that looks identifying is not published until the details are removed.', description: 'Under the "Refuse the post" choice.' },
  title: { id: 'admin.forumPrivacy.title', defaultMessage: 'Forum privacy', description: 'Title of the admin screen setting what happens to forum posts that look identifying.' },
  intro: { id: 'admin.forumPrivacy.intro', defaultMessage: 'What happens when a forum post or comment looks like it contains a client\'s details.', description: 'Under the forum privacy title.' },
  loading: { id: 'admin.forumPrivacy.loading', defaultMessage: 'Loading forum privacy...', description: 'While the setting loads.' },
  failed: { id: 'admin.forumPrivacy.failed', defaultMessage: 'Failed to fetch the forum privacy setting.', description: 'The setting could not be loaded.' },
  label: { id: 'admin.forumPrivacy.label', defaultMessage: 'Identifying details in forums', description: 'Label of the choice.' },
  saved: { id: 'admin.forumPrivacy.saved', defaultMessage: 'Saved.', description: 'The setting was saved.' },
  save: { id: 'admin.forumPrivacy.save', defaultMessage: 'Save', description: 'Button: save the setting.' },
}));

const CHOICES: { value: Mode; label: MessageDescriptor; description: MessageDescriptor }[] = [
  { value: 'confirm', label: m.confirm, description: m.confirmHelp },
  { value: 'refuse', label: m.refuse, description: m.refuseHelp },
];

/** /admin/forum-privacy: what a forum post or comment that looks like it identifies a client meets. */
export default function ForumPrivacyPage() {
  const intl = useIntl();
  const current = useForumPrivacy();
  const save = useSaveForumPrivacy();
  // The administrator's choice, or the saved value until they make one.
  const [chosen, setMode] = useState<Mode | null>(null);
  const mode = chosen ?? current.data?.mode ?? null;

  return (
    <Stack gap="md">
      <AdminNav />
      <div>
        <Title order={1}>{intl.formatMessage(m.title)}</Title>
        <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
      </div>
      {current.isPending ? <PageLoader label={intl.formatMessage(m.loading)} /> : current.isError ? (
        <Text role="alert">{intl.formatMessage(m.failed)}</Text>
      ) : (
        <Stack
          component="form" gap="sm" maw={640}
          onSubmit={(e) => {
            e.preventDefault();
            if (mode) save.mutate({ mode });
          }}
        >
          <Radio.Group label={intl.formatMessage(m.label)} value={mode} onChange={(value) => setMode(value as Mode)}>
            <Stack gap="xs" mt="xs">
              {CHOICES.map((c) => <Radio key={c.value} value={c.value} label={intl.formatMessage(c.label)} description={intl.formatMessage(c.description)} />)}
            </Stack>
          </Radio.Group>
          {save.isError && <Alert color="red" role="alert">{save.error.message}</Alert>}
          {save.isSuccess && !save.isPending && <Text role="status" size="sm">{intl.formatMessage(m.saved)}</Text>}
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!mode || mode === current.data.mode}>{intl.formatMessage(m.save)}</Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
