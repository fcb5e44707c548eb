// The paperclip: a file picker that on a phone offers the camera roll (images are among the accepted types).
import { useRef } from 'react';
import { ActionIcon, FileButton } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { ACCEPTED_TYPES } from './api.ts';
import { PaperclipIcon } from './icons.tsx';

const m = defineMessages({
  attach: { id: 'files.attach.button', defaultMessage: 'Attach files', description: 'Screen-reader name of the paperclip button in the message composer' },
});

type Props = { onPick: (files: File[]) => void; disabled?: boolean; label?: string };

export function AttachButton({ onPick, disabled, label }: Props) {
  const intl = useIntl();
  // Emptied after each pick, so the same file can be picked again (after removing it).
  const reset = useRef<() => void>(null);
  const pick = (files: File[]) => {
    reset.current?.();
    if (files.length) onPick(files);
  };
  return (
    <FileButton multiple accept={ACCEPTED_TYPES} onChange={pick} resetRef={reset}>
      {(props) => (
        <ActionIcon {...props} size="lg" variant="subtle" color="gray.8" aria-label={label ?? intl.formatMessage(m.attach)} disabled={disabled}>
          <PaperclipIcon />
        </ActionIcon>
      )}
    </FileButton>
  );
}
