import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';

/** The recovery codes, shown this once: copy them or download them as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const download = useMemo(() => URL.createObjectURL(new Blob([`Thera Root recovery codes\n\n${text}\n`], { type: 'text/plain' })), [text]);
  useEffect(() => () => URL.revokeObjectURL(download), [download]);
  return (
    <Stack gap="sm">
      <Alert color="green" role="status">
        <strong>Two-factor sign-in is on.</strong> Save these recovery codes somewhere safe. Each signs you in once if you lose your phone. They will not be shown again.
      </Alert>
      <List aria-label="Recovery codes" ff="monospace" spacing={2} listStyleType="none" data-testid="recovery-codes">
        {codes.map((code) => <List.Item key={code}>{code}</List.Item>)}
      </List>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => <Button variant="default" onClick={copy}>{copied ? 'Copied' : 'Copy codes'}</Button>}
        </CopyButton>
        <Button component="a" variant="default" href={download} download="thera-root-recovery-codes.txt">Download codes</Button>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
      <Text size="xs" c="dimmed">Used codes stop working; the number left shows here.</Text>
    </Stack>
  );
}
