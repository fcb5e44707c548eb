import { Alert, Paper, Switch, Text, Title } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { usePrivacy, useSetDirectoryListing } from './api.ts';

const m = defineMessages({
  title: { id: 'settings.directory.title', defaultMessage: 'Directory', description: 'Heading of the directory listing setting (Privacy tab).' },
  label: { id: 'settings.directory.label', defaultMessage: 'Show my profile in the directory and in referral suggestions', description: 'Switch label.' },
  help: {
    id: 'settings.directory.help', defaultMessage: 'When off, colleagues do not find you by searching; your profile still opens from your posts and conversations.',
    description: 'Help under the directory switch.',
  },
  saved: { id: 'settings.saved', defaultMessage: 'Saved.', description: 'A setting was saved.' },
  updateFailed: { id: 'settings.updateFailed', defaultMessage: 'Could not update. Please try again.', description: 'Saving a switched setting failed.' },
});

/** "Show me in the directory": saved as soon as it is switched. */
export function DirectoryVisibility() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const privacy = usePrivacy();
  const save = useSetDirectoryListing();
  const listed = save.isPending ? save.variables : privacy.data?.listedInDirectory;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">{t(m.title)}</Title>
      <Switch
        label={t(m.label)}
        description={t(m.help)}
        checked={listed ?? true}
        disabled={!privacy.data}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
      />
      {save.isSuccess && <Text size="sm" mt="xs" role="status">{t(m.saved)}</Text>}
      {save.isError && <Alert color="red" mt="xs" role="alert">{t(m.updateFailed)}</Alert>}
    </Paper>
  );
}
