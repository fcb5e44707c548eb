// The account's storage: what its shared files take against its quota ("Storage: 12.4 MB of 1 GB").
import { Paper, Progress, Text, Title } from '@mantine/core';
import { useStorageUse } from '../../components/files/api.ts';
import { formatBytes } from '../../components/files/format.ts';

export function StorageUse() {
  const storage = useStorageUse();
  const use = storage.data;
  const share = use && use.quotaBytes > 0 ? Math.min(100, (use.usedBytes / use.quotaBytes) * 100) : 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="storage-title">
      <Title order={2} size="h4" id="storage-title">Storage</Title>
      <Text size="sm" c="gray.7" mb="sm">Files you share in conversations and referrals count towards your storage.</Text>
      {use && (
        <>
          <Text size="sm" data-testid="storage-use">Storage: {formatBytes(use.usedBytes)} of {formatBytes(use.quotaBytes)}</Text>
          <Progress value={share} mt={6} size="sm" color={share > 90 ? 'red.8' : 'brand'} aria-label="Storage used" />
        </>
      )}
      {storage.isPending && <Text size="sm" c="gray.7">Loading...</Text>}
      {storage.isError && <Text size="sm" c="red.8" role="alert">{storage.error.message}</Text>}
    </Paper>
  );
}
