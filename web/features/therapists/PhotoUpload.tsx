import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, type AvatarResponse } from '../../../common/privacy.ts';
import { api } from '../../lib/api.ts';
import { UserAvatar } from '../../components/UserAvatar.tsx';

const m = defineMessages({
  tooBig: { id: 'therapists.photo.tooBig', defaultMessage: 'This photo is larger than 5 MB. Please choose a smaller one.', description: 'Error when the chosen profile photo is too large' },
  preview: { id: 'therapists.photo.preview', defaultMessage: 'Photo preview', description: 'Accessible name of the profile photo as it will show' },
  upload: { id: 'therapists.photo.upload', defaultMessage: 'Upload photo', description: 'Button: choose a profile photo to upload' },
  remove: { id: 'therapists.photo.remove', defaultMessage: 'Remove photo', description: 'Button: remove the profile photo' },
  rules: { id: 'therapists.photo.rules', defaultMessage: 'JPEG, PNG or WebP, up to 5 MB. It is cropped to a square and its location data removed.', description: 'Help under the photo buttons: accepted files and what happens to them' },
  uploaded: { id: 'therapists.photo.uploaded', defaultMessage: 'Photo uploaded.', description: 'Confirmation after a profile photo was uploaded' },
});

const uploadPhoto = (file: File) => {
  const form = new FormData();
  form.append('photo', file, file.name);
  return api<AvatarResponse>('/api/users/me/avatar', { method: 'POST', body: form });
};

/**
 * "Upload photo": the server re-encodes it to a 256-pixel square, and the preview shows exactly what it
 * stored. The new address goes into the form's avatar field, so saving the form keeps it.
 */
export function PhotoUpload({ name, avatar, onChange }: { name: string; avatar: string; onChange: (avatar: string) => void }) {
  const client = useQueryClient();
  const intl = useIntl();
  const done = (result: AvatarResponse) => {
    onChange(result.avatar ?? '');
    void client.invalidateQueries({ queryKey: ['therapists'] });
  };
  const upload = useMutation({ mutationFn: uploadPhoto, onSuccess: done });
  const remove = useMutation({ mutationFn: () => api<AvatarResponse>('/api/users/me/avatar', { method: 'DELETE' }), onSuccess: done });
  // Checked here too, so a large file is refused before it is sent; the server's check is the one that counts.
  const [tooBig, setTooBig] = useState(false);
  const choose = (file: File | null) => {
    if (!file) return;
    setTooBig(file.size > AVATAR_MAX_BYTES);
    if (file.size <= AVATAR_MAX_BYTES) upload.mutate(file);
  };
  const error = tooBig ? intl.formatMessage(m.tooBig) : (upload.error ?? remove.error)?.message;
  return (
    <Stack gap="xs">
      <Group gap="md" align="center">
        <UserAvatar name={name} src={avatar || null} size={96} aria-label={intl.formatMessage(m.preview)} />
        <Stack gap={6}>
          <FileButton accept={AVATAR_TYPES.join(',')} onChange={choose}>
            {(props) => <Button {...props} variant="light" loading={upload.isPending}>{intl.formatMessage(m.upload)}</Button>}
          </FileButton>
          {avatar && <Button variant="outline" color="red.8" onClick={() => remove.mutate()} loading={remove.isPending}>{intl.formatMessage(m.remove)}</Button>}
        </Stack>
      </Group>
      <Text size="xs" c="dimmed">{intl.formatMessage(m.rules)}</Text>
      {upload.isSuccess && <Text size="sm" role="status">{intl.formatMessage(m.uploaded)}</Text>}
      {error && <Alert color="red" role="alert">{error}</Alert>}
    </Stack>
  );
}
