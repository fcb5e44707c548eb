// How a file's size and kind read to people ("12.4 MB", "PDF · 3 pages"; in French "12,4 Mo", "PDF · 3 pages").
import { createIntl, defineMessages, type IntlShape } from 'react-intl';
import type { FileInfo } from '../../../common/files.ts';
import { DEFAULT_LOCALE } from '../../../common/i18n/locales.ts';

// A message without arguments (react-intl types each message by its values).
type NoValues = Record<never, never>;
const m = defineMessages<{
  bytes: { count: number; shown: string }; sized: { value: string; unit: string };
  image: NoValues; pdf: NoValues; document: NoValues; text: NoValues; pages: { count: number };
}>({
  bytes: {
    id: 'files.size.bytes', defaultMessage: '{count, plural, one {{shown} byte} other {{shown} bytes}}',
    description: 'A file size under one kilobyte; shown is the number as written',
  },
  sized: {
    id: 'files.size.unit', defaultMessage: '{value} {unit, select, KB {KB} MB {MB} GB {GB} other {TB}}',
    description: 'A file size: the number and the binary unit (kilobytes, megabytes, gigabytes, terabytes)',
  },
  image: { id: 'files.kind.image', defaultMessage: 'Image', description: 'The kind of a file, on its card' },
  pdf: { id: 'files.kind.pdf', defaultMessage: 'PDF', description: 'The kind of a file, on its card' },
  document: { id: 'files.kind.document', defaultMessage: 'Document', description: 'The kind of a file (a word-processing or spreadsheet file), on its card' },
  text: { id: 'files.kind.text', defaultMessage: 'Text', description: 'The kind of a file (plain text or CSV), on its card' },
  pages: { id: 'files.card.pages', defaultMessage: '{count, plural, one {# page} other {# pages}}', description: 'A PDF\'s page count, on its card' },
});

/** English, for callers outside the app's provider (and tests): the messages' default texts. */
const english = createIntl({ locale: DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE, onError: () => undefined });

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** Binary units, one decimal below 100 (a 1,024 MB quota reads "1 GB", as the settings line says it). */
export function formatBytes(bytes: number, intl: IntlShape = english): string {
  if (bytes < 1024) return intl.formatMessage(m.bytes, { count: bytes, shown: intl.formatNumber(bytes, { useGrouping: false }) });
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return intl.formatMessage(m.sized, { value: intl.formatNumber(rounded, { maximumFractionDigits: 1, useGrouping: false }), unit: UNITS[unit] });
}

/** The line under a file's name: kind, size and, for a PDF, its pages. */
export function describeFile(file: Pick<FileInfo, 'kind' | 'size' | 'pages'>, intl: IntlShape = english): string {
  const parts = [intl.formatMessage(m[file.kind]), formatBytes(file.size, intl)];
  if (file.pages) parts.push(intl.formatMessage(m.pages, { count: file.pages }));
  return parts.join(' · ');
}

/** The box an image's thumbnail is drawn in, from its stored size: reserved before it loads, so nothing jumps. */
export function thumbnailBox(file: Pick<FileInfo, 'width' | 'height'>, max = 240): { width: number; height: number } {
  if (!file.width || !file.height) return { width: max, height: Math.round(max * 0.75) };
  const scale = Math.min(1, max / file.width, max / file.height);
  return { width: Math.max(1, Math.round(file.width * scale)), height: Math.max(1, Math.round(file.height * scale)) };
}
