// Files chosen for a message (or a referral): each uploads at once with its own progress, and can be cancelled or
// removed before the message goes.
import type { FileInfo } from '../../../common/files.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { uploadFile } from './api.ts';
import { localPreview } from './preview.ts';

export type Upload = {
  key: string;
  name: string;
  size: number;
  /** Share sent, 0 to 1. */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  /** A small picture drawn in the browser from an image before it is sent; none for other kinds. */
  preview?: string;
  file?: FileInfo;
  error?: string;
};

/**
 * `onUploaded`: files attached as soon as they arrive (a referral's documents), not with a message: the entry goes
 * once it resolves, and shows why if it fails.
 */
type Options = { max?: number; url?: string; onUploaded?: (file: FileInfo) => Promise<void> };

// A message without arguments (react-intl types each message by its values).
type NoValues = Record<never, never>;
const m = defineMessages<{ tooMany: { max: number }; pasted: NoValues }>({
  tooMany: {
    id: 'files.upload.tooMany', defaultMessage: '{max, plural, one {You can attach up to # file at a time.} other {You can attach up to # files at a time.}}',
    description: 'More files were picked than a message (or a referral upload) takes at once',
  },
  pasted: { id: 'files.upload.pastedName', defaultMessage: 'Pasted image', description: 'The name shown for a pasted picture that has none' },
});

export function useUploads({ max = 5, url, onUploaded }: Options = {}) {
  const intl = useIntl();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const aborts = useRef(new Map<string, () => void>());

  const change = (key: string, patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const add = (files: File[]) => {
    setNotice(null);
    const room = max - uploads.length;
    if (files.length > room) setNotice(intl.formatMessage(m.tooMany, { max }));
    for (const file of files.slice(0, Math.max(0, room))) {
      const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      setUploads((list) => [...list, { key, name: file.name || intl.formatMessage(m.pasted), size: file.size, progress: 0, status: 'uploading' }]);
      void localPreview(file).then((preview) => preview && change(key, { preview }));
      const handle = uploadFile(file, (progress) => change(key, { progress }), intl, url);
      aborts.current.set(key, handle.abort);
      handle.done.then(
        async (stored) => {
          change(key, { status: 'done', progress: 1, file: stored });
          if (!onUploaded) return;
          await onUploaded(stored).then(
            () => setUploads((list) => list.filter((u) => u.key !== key)),
            (error: Error) => change(key, { status: 'failed', error: error.message }),
          );
        },
        (error: Error) => {
          if (error.name !== 'AbortError') change(key, { status: 'failed', error: error.message });
        },
      ).finally(() => aborts.current.delete(key));
    }
  };

  /** Cancels an upload on its way, or takes a finished one off the message. */
  const remove = useCallback((key: string) => {
    aborts.current.get(key)?.();
    setUploads((list) => list.filter((u) => u.key !== key));
    setNotice(null);
  }, []);

  const clear = useCallback(() => {
    setUploads([]);
    setNotice(null);
  }, []);

  // Leaving the conversation stops what is still uploading.
  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((abort) => abort());
  }, []);

  const ready = uploads.flatMap((u) => (u.file ? [u.file] : []));
  return { uploads, ready, busy: uploads.some((u) => u.status === 'uploading'), notice, add, remove, clear };
}

export type Uploads = ReturnType<typeof useUploads>;
