// Saves a file the API serves only to a signed-in member: a link cannot send the token, so it is fetched and handed over.
import { ApiError, getToken } from './api.ts';
import { codeForStatus } from '../../common/error-codes.ts';

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(path, { headers: token ? { 'x-auth-token': token } : {} });
  if (!response.ok) {
    const data = await response.json().catch(() => null);
    throw new ApiError(response.status, data?.code ?? codeForStatus(response.status), data?.msg ?? 'The download failed.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
