import { Alert, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { LOGO_MAX_BYTES, type Practice } from '../../../common/practices.ts';
import { AVATAR_TYPES } from '../../../common/privacy.ts';
import { PracticeLogo } from '../../components/PracticeLogo.tsx';
import { useRemoveLogo, useUploadLogo } from './api.ts';

const m = defineMessages({
  title: { id: 'practices.logo.title', defaultMessage: 'Logo', description: 'Heading of the part of the practice\'s settings where its logo is uploaded.' },
  tooBig: { id: 'practices.logo.tooBig', defaultMessage: 'This logo is larger than 5 MB. Please choose a smaller one.', description: 'Error when the chosen logo file is too large.' },
  preview: { id: 'practices.logo.preview', defaultMessage: 'Logo preview', description: 'Accessible name of the logo as it will show.' },
  upload: { id: 'practices.logo.upload', defaultMessage: 'Upload logo', description: 'Button: choose a logo file to upload.' },
  remove: { id: 'practices.logo.remove', defaultMessage: 'Remove logo', description: 'Button: remove the practice\'s logo.' },
  rules: { id: 'practices.logo.rules', defaultMessage: 'JPEG, PNG or WebP, up to 5 MB. It is fitted whole into a square and its metadata removed.', description: 'Help under the logo buttons: accepted files and what happens to them.' },
  uploaded: { id: 'practices.logo.uploaded', defaultMessage: 'Logo uploaded.', description: 'Confirmation after the logo was uploaded.' },
  removed: { id: 'practices.logo.removed', defaultMessage: 'Logo removed.', description: 'Confirmation after the logo was removed.' },
});

/** The practice's logo on its settings page (owner and admins): the server re-encodes it, and the preview shows what it stored. */
export function LogoUpload({ practice: p }: { practice: Practice }) {
  const intl = useIntl();
  const upload = useUploadLogo(p._id);
  const remove = useRemoveLogo(p._id);
  // Checked here too, so a large file is refused before it is sent; the server's check is the one that counts.
  const [tooBig, setTooBig] = useState(false);
  const choose = (file: File | null) => {
    if (!file) return;
    remove.reset();
    setTooBig(file.size > LOGO_MAX_BYTES);
    if (file.size <= LOGO_MAX_BYTES) upload.mutate(file);
  };
  const error = tooBig ? intl.formatMessage(m.tooBig) : (upload.error ?? remove.error)?.message;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="logo-title">
      <Title order={2} size="h4" id="logo-title" mb="sm">{intl.formatMessage(m.title)}</Title>
      <Stack gap="xs">
        <Group gap="md" align="center">
          <div role="img" aria-label={intl.formatMessage(m.preview)} data-testid="logo-preview">
            <PracticeLogo name={p.name} logo={p.logo} size={96} />
          </div>
          <Stack gap={6}>
            <FileButton accept={AVATAR_TYPES.join(',')} onChange={choose}>
              {(props) => <Button {...props} variant="light" loading={upload.isPending}>{intl.formatMessage(m.upload)}</Button>}
            </FileButton>
            {p.logo && (
              <Button variant="outline" color="red.8" loading={remove.isPending} onClick={() => { upload.reset(); remove.mutate(); }}>
                {intl.formatMessage(m.remove)}
              </Button>
            )}
          </Stack>
        </Group>
        <Text size="xs" c="dimmed">{intl.formatMessage(m.rules)}</Text>
        {upload.isSuccess && <Text size="sm" role="status">{intl.formatMessage(m.uploaded)}</Text>}
        {remove.isSuccess && <Text size="sm" role="status">{intl.formatMessage(m.removed)}</Text>}
        {error && <Alert color="red" role="alert">{error}</Alert>}
      </Stack>
    </Paper>
  );
}
