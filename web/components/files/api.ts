// Files' calls: the upload (XMLHttpRequest, for its progress), the bytes a signed-in member may read, storage use.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { codeForStatus, isErrorCode } from '../../../common/error-codes.ts';
import type { FileInfo } from '../../../common/files.ts';
import { api, ApiError, getToken } from '../../lib/api.ts';

export const fileUrl = (id: string) => `/api/files/${id}`;
export const thumbnailUrl = (file: Pick<FileInfo, '_id' | 'thumbnailUrl'>) => file.thumbnailUrl ?? `${fileUrl(file._id)}/thumbnail`;

/** What the picker offers: images (on a phone, the camera roll) and the documents the server accepts. */
export const ACCEPTED_TYPES = [
  'image/*', 'application/pdf', '.pdf', '.docx', '.xlsx', '.odt', '.txt', '.csv', 'text/plain', 'text/csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
].join(',');

const m = defineMessages({
  uploadFailed: { id: 'files.upload.failed', defaultMessage: 'The upload failed.', description: 'An upload refused without a reason from the server' },
  offline: {
    id: 'files.upload.offline', defaultMessage: 'The upload failed. Check your connection and try again.',
    description: 'An upload that did not reach the server',
  },
  cancelled: { id: 'files.upload.cancelled', defaultMessage: 'Upload cancelled.', description: 'An upload the member cancelled' },
  notLoaded: { id: 'files.load.failed', defaultMessage: 'The file could not be loaded.', description: 'A file (or picture) that could not be fetched' },
  notRead: { id: 'files.read.failed', defaultMessage: 'The file could not be read.', description: 'A fetched picture the browser could not read' },
});

type UploadHandle = { done: Promise<FileInfo>; abort: () => void };

/** Sends one file as multipart; `onProgress` hears the share sent (0 to 1). A cancel rejects with an AbortError. */
export function uploadFile(file: File, onProgress: (share: number) => void, intl: IntlShape, url = '/api/files'): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<FileInfo>((resolve, reject) => {
    xhr.open('POST', url);
    const token = getToken();
    if (token) xhr.setRequestHeader('x-auth-token', token);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { msg?: unknown; code?: unknown } | null;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as FileInfo);
      const code = isErrorCode(body?.code) ? body.code : codeForStatus(xhr.status);
      reject(new ApiError(xhr.status, code, typeof body?.msg === 'string' ? body.msg : intl.formatMessage(m.uploadFailed), body));
    };
    xhr.onerror = () => reject(new Error(intl.formatMessage(m.offline)));
    xhr.onabort = () => reject(new DOMException(intl.formatMessage(m.cancelled), 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** Bytes only a signed-in member may read, fetched with the token (a link or an <img> cannot send it). */
async function fetchFile(path: string, intl: IntlShape, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const response = await fetch(path, { headers: token ? { 'x-auth-token': token } : {}, signal });
  if (!response.ok) {
    const data = await response.json().catch(() => null);
    throw new ApiError(response.status, isErrorCode(data?.code) ? data.code : codeForStatus(response.status), data?.msg ?? intl.formatMessage(m.notLoaded));
  }
  return response.blob();
}

// A data: address, which the Content-Security-Policy allows for images (blob: it does not).
const asDataUrl = (blob: Blob, intl: IntlShape) => new Promise<string>((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(reader.result as string);
  reader.onerror = () => reject(reader.error ?? new Error(intl.formatMessage(m.notRead)));
  reader.readAsDataURL(blob);
});

/** An image's bytes as an address an <img> can show; kept while it is on screen and a few minutes after. */
export function useImageData(path: string | undefined) {
  const intl = useIntl();
  return useQuery({
    queryKey: ['files', 'image', path],
    queryFn: async ({ signal }) => asDataUrl(await fetchFile(path!, intl, signal), intl),
    enabled: Boolean(path),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: 1,
  });
}

/**
 * A PDF in a new tab. The tab is opened at once, while the click still counts as the member's (a pop-up blocker
 * would stop one opened after the download), and shown the file when it has arrived.
 */
export async function openInNewTab(file: Pick<FileInfo, '_id'>, intl: IntlShape): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchFile(fileUrl(file._id), intl));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** GET /api/users/me/storage: what the member's files take, and the most they may. */
export type StorageUse = { usedBytes: number; quotaBytes: number };
const storageQuery = queryOptions({
  queryKey: ['files', 'storage'] as const,
  queryFn: ({ signal }) => api<StorageUse>('/api/users/me/storage', { signal }),
});
export const useStorageUse = () => useQuery(storageQuery);
