// The account's storage: what its shared files take against its quota ("Storage: 12.4 MB of 1 GB").
import { Paper, Progress, Text, Title } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { useStorageUse } from '../../components/files/api.ts';
import { formatBytes } from '../../components/files/format.ts';
import { withValues } from '../../lib/messages.ts';

const m = withValues(defineMessages({
  title: { id: 'settings.storage.title', defaultMessage: 'Storage', description: 'Heading of the account\'s file storage use (Privacy tab).' },
  intro: { id: 'settings.storage.intro', defaultMessage: 'Files you share in conversations and referrals count towards your storage.', description: 'What counts towards the storage.' },
  use: { id: 'settings.storage.use', defaultMessage: 'Storage: {used} of {quota}', description: 'How much storage is used of the quota; both are sizes ("12.4 MB", "1 GB").' },
  used: { id: 'settings.storage.used', defaultMessage: 'Storage used', description: 'Accessible name of the storage bar.' },
  loading: { id: 'settings.storage.loading', defaultMessage: 'Loading...', description: 'While the storage use loads.' },
}));

export function StorageUse() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const storage = useStorageUse();
  const use = storage.data;
  const share = use && use.quotaBytes > 0 ? Math.min(100, (use.usedBytes / use.quotaBytes) * 100) : 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="storage-title">
      <Title order={2} size="h4" id="storage-title">{t(m.title)}</Title>
      <Text size="sm" c="gray.7" mb="sm">{t(m.intro)}</Text>
      {use && (
        <>
          <Text size="sm" data-testid="storage-use">{t(m.use, { used: formatBytes(use.usedBytes, intl), quota: formatBytes(use.quotaBytes, intl) })}</Text>
          <Progress value={share} mt={6} size="sm" color={share > 90 ? 'red.8' : 'brand'} aria-label={t(m.used)} />
        </>
      )}
      {storage.isPending && <Text size="sm" c="gray.7">{t(m.loading)}</Text>}
      {storage.isError && <Text size="sm" c="red.8" role="alert">{storage.error.message}</Text>}
    </Paper>
  );
}
