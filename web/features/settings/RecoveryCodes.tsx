import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../lib/messages.ts';

const m = withValues(defineMessages({
  saved: {
    id: 'settings.recoveryCodes.saveThem',
    defaultMessage: '<strong>Two-factor sign-in is on.</strong> Save these recovery codes somewhere safe. Each signs you in once if you lose your phone. They will not be shown again.',
    description: 'Shown once after turning on two-factor sign-in, above the recovery codes; <strong> marks the first sentence.',
  },
  label: { id: 'settings.recoveryCodes.label', defaultMessage: 'Recovery codes', description: 'Accessible name of the list of recovery codes.' },
  copied: { id: 'settings.recoveryCodes.copied', defaultMessage: 'Copied', description: 'The copy button, once the codes are copied.' },
  copy: { id: 'settings.recoveryCodes.copy', defaultMessage: 'Copy codes', description: 'Button copying the recovery codes.' },
  download: { id: 'settings.recoveryCodes.download', defaultMessage: 'Download codes', description: 'Button downloading the recovery codes as a text file.' },
  done: { id: 'settings.recoveryCodes.done', defaultMessage: 'I have saved them', description: 'Button: the member saved the codes (they are not shown again).' },
  used: { id: 'settings.recoveryCodes.used', defaultMessage: 'Used codes stop working; the number left shows here.', description: 'Under the recovery codes.' },
  fileTitle: { id: 'settings.recoveryCodes.fileTitle', defaultMessage: 'Thera Root recovery codes', description: 'First line of the downloaded text file of recovery codes.' },
}));

/** The recovery codes, shown this once: copy them or download them as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useIntl().formatMessage;
  const text = codes.join('\n');
  const fileTitle = t(m.fileTitle);
  const download = useMemo(() => URL.createObjectURL(new Blob([`${fileTitle}\n\n${text}\n`], { type: 'text/plain' })), [fileTitle, text]);
  useEffect(() => () => URL.revokeObjectURL(download), [download]);
  return (
    <Stack gap="sm">
      <Alert color="green" role="status">
        {t(m.saved, { strong: (chunks: ReactNode[]) => <strong>{chunks}</strong> })}
      </Alert>
      <List aria-label={t(m.label)} ff="monospace" spacing={2} listStyleType="none" data-testid="recovery-codes">
        {codes.map((code) => <List.Item key={code}>{code}</List.Item>)}
      </List>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => <Button variant="default" onClick={copy}>{t(copied ? m.copied : m.copy)}</Button>}
        </CopyButton>
        <Button component="a" variant="default" href={download} download="thera-root-recovery-codes.txt">{t(m.download)}</Button>
        <Button onClick={onDone}>{t(m.done)}</Button>
      </Group>
      <Text size="xs" c="dimmed">{t(m.used)}</Text>
    </Stack>
  );
}
