import { Alert, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { MessagePolicy } from '../../../common/blocks.ts';
import { BlockedMembers } from './BlockedMembers.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { DirectoryVisibility } from './DirectoryVisibility.tsx';
import { DownloadData } from './DownloadData.tsx';
import { StorageUse } from './StorageUse.tsx';
import { usePrivacy, useSetWhoCanMessage } from './api.ts';
import { useSession } from '../../lib/session.tsx';

const m = defineMessages({
  title: { id: 'settings.whoCanMessage.title', defaultMessage: 'Who can message me', description: 'Heading of the choice of who may message the member (Privacy tab).' },
  help: { id: 'settings.whoCanMessage.help', defaultMessage: 'Members who may start a conversation with you or send you messages.', description: 'Under the heading of who can message.' },
  everyone: { id: 'settings.whoCanMessage.everyone', defaultMessage: 'Everyone', description: 'Choice: every member may message.' },
  network: { id: 'settings.whoCanMessage.network', defaultMessage: 'Only people in my network', description: 'Choice: only the member\'s network (connections) may message.' },
  saved: { id: 'settings.saved', defaultMessage: 'Saved.', description: 'A setting was saved.' },
  updateFailed: { id: 'settings.updateFailed', defaultMessage: 'Could not update. Please try again.', description: 'Saving a switched setting failed.' },
});

export function PrivacyPanel() {
  const { user } = useSession();
  return (
    <Stack gap="lg">
      <DirectoryVisibility />
      <WhoCanMessage />
      <BlockedMembers />
      <StorageUse />
      <DownloadData />
      <DeleteAccount twoFactor={Boolean(user?.twoFactorEnabled)} />
    </Stack>
  );
}

/** Saved as soon as it is chosen: a radio group has no form to submit. */
function WhoCanMessage() {
  const t = useIntl().formatMessage;
  const privacy = usePrivacy();
  const save = useSetWhoCanMessage();
  // The choice shows at once; a failed save puts back what the server has.
  const [choice, setChoice] = useState<MessagePolicy | null>(null);
  const choose = (value: MessagePolicy) => {
    setChoice(value);
    save.mutate(value, { onError: () => setChoice(null) });
  };
  return (
    <Paper withBorder p="md">
      <Radio.Group
        label={<Title order={2} size="h4">{t(m.title)}</Title>}
        description={t(m.help)}
        value={choice ?? privacy.data?.whoCanMessage ?? ''}
        onChange={(value) => choose(value as MessagePolicy)}
      >
        <Group mt="sm" gap="lg">
          <Radio value="everyone" label={t(m.everyone)} disabled={!privacy.data} />
          <Radio value="network" label={t(m.network)} disabled={!privacy.data} />
        </Group>
      </Radio.Group>
      {save.isSuccess && <Text size="sm" mt="xs" role="status">{t(m.saved)}</Text>}
      {(privacy.isError || save.isError) && <Alert color="red" mt="xs" role="alert">{t(m.updateFailed)}</Alert>}
    </Paper>
  );
}
