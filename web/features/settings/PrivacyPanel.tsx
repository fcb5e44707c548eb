import { Alert, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { MessagePolicy } from '../../../common/blocks.ts';
import { BlockedMembers } from './BlockedMembers.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { DirectoryVisibility } from './DirectoryVisibility.tsx';
import { DownloadData } from './DownloadData.tsx';
import { StorageUse } from './StorageUse.tsx';
import { usePrivacy, useSetWhoCanMessage } from './api.ts';
import { useSession } from '../../lib/session.tsx';

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
        label={<Title order={2} size="h4">Who can message me</Title>}
        description="Members who may start a conversation with you or send you messages."
        value={choice ?? privacy.data?.whoCanMessage ?? ''}
        onChange={(value) => choose(value as MessagePolicy)}
      >
        <Group mt="sm" gap="lg">
          <Radio value="everyone" label="Everyone" disabled={!privacy.data} />
          <Radio value="network" label="Only people in my network" disabled={!privacy.data} />
        </Group>
      </Radio.Group>
      {save.isSuccess && <Text size="sm" mt="xs" role="status">Saved.</Text>}
      {(privacy.isError || save.isError) && <Alert color="red" mt="xs" role="alert">Could not update. Please try again.</Alert>}
    </Paper>
  );
}
