import { Alert, Paper, Switch, Text, Title } from '@mantine/core';
import { usePrivacy, useSetDirectoryListing } from './api.ts';

/** "Show me in the directory": saved as soon as it is switched. */
export function DirectoryVisibility() {
  const privacy = usePrivacy();
  const save = useSetDirectoryListing();
  const listed = save.isPending ? save.variables : privacy.data?.listedInDirectory;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">Directory</Title>
      <Switch
        label="Show my profile in the directory and in referral suggestions"
        description="When off, colleagues do not find you by searching; your profile still opens from your posts and conversations."
        checked={listed ?? true}
        disabled={!privacy.data}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
      />
      {save.isSuccess && <Text size="sm" mt="xs" role="status">Saved.</Text>}
      {save.isError && <Alert color="red" mt="xs" role="alert">Could not update. Please try again.</Alert>}
    </Paper>
  );
}
