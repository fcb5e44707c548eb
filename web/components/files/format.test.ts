import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import french from '../../../common/i18n/lang/fr-CA.json' with { type: 'json' };
import { describeFile, formatBytes, thumbnailBox } from './format.ts';

describe('file sizes and kinds', () => {
  it('reads sizes in binary units, as the settings line says them', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(Math.round(12.4 * 1024 * 1024))).toBe('12.4 MB');
    expect(formatBytes(1024 * 1024 * 1024)).toBe('1 GB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
  });

  it('describes a file by kind, size and pages', () => {
    expect(describeFile({ kind: 'pdf', size: 3 * 1024 * 1024, pages: 3 })).toBe('PDF · 3 MB · 3 pages');
    expect(describeFile({ kind: 'pdf', size: 500, pages: 1 })).toBe('PDF · 500 bytes · 1 page');
    expect(describeFile({ kind: 'document', size: 2048 })).toBe('Document · 2 KB');
  });

  it('says them in French with French units and a decimal comma', () => {
    const fr = createIntl({ locale: 'fr-CA', messages: french, onError: () => undefined });
    expect(formatBytes(1, fr)).toBe('1 octet');
    expect(formatBytes(1000, fr)).toBe('1000 octets');
    expect(formatBytes(Math.round(12.4 * 1024 * 1024), fr)).toBe('12,4 Mo');
    expect(describeFile({ kind: 'pdf', size: 3 * 1024 * 1024, pages: 3 }, fr)).toBe('PDF · 3 Mo · 3 pages');
    expect(describeFile({ kind: 'text', size: 2048 }, fr)).toBe('Texte · 2 Ko');
  });

  it('fits a thumbnail in its box without changing its shape', () => {
    expect(thumbnailBox({ width: 4000, height: 3000 })).toEqual({ width: 240, height: 180 });
    expect(thumbnailBox({ width: 300, height: 1200 })).toEqual({ width: 60, height: 240 });
    expect(thumbnailBox({ width: 100, height: 50 })).toEqual({ width: 100, height: 50 });
    expect(thumbnailBox({})).toEqual({ width: 240, height: 180 });
  });
});
