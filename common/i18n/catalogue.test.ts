// The message catalogues agree with the code and with each other: English (en.json) is exactly what the code defines
// (npm run i18n:extract writes it: no id missing, none unused), every other catalogue has each id and no other, and each
// message parses as ICU MessageFormat with the same arguments in every language.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LANG = path.join(import.meta.dirname, 'lang');
type Extracted = Record<string, { defaultMessage: string; description?: string }>;

const english = JSON.parse(fs.readFileSync(path.join(LANG, 'en.json'), 'utf8')) as Extracted;
const translations = LOCALES.filter((l) => l !== 'en').map((locale) => ({
  locale, messages: JSON.parse(fs.readFileSync(path.join(LANG, `${locale}.json`), 'utf8')) as Record<string, string>,
}));

/** The argument names a message uses, and the kind of each (plural, select, plain...). */
function argumentsOf(elements: MessageFormatElement[], found = new Map<string, number>()): Map<string, number> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) {
      if (!found.has(element.value)) found.set(element.value, element.type);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.set(element.value, element.type);
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, found);
  }
  return found;
}

describe('the message catalogues', () => {
  it('en.json is what the code defines: run npm run i18n:extract after changing a message', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'thera-i18n-')), 'en.json');
    const script = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts['i18n:extract'] as string;
    const extract = spawnSync('sh', ['-c', `${script.replace(/--out-file \S+/, `--out-file ${out}`)}`], {
      cwd: ROOT, encoding: 'utf8', env: { ...process.env, PATH: `${path.join(ROOT, 'node_modules/.bin')}:${process.env.PATH}` },
    });
    expect(extract.status, extract.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toEqual(english);
  });

  it.each(translations)('$locale has every message of English and no other', ({ messages }) => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(translations)('$locale: each message parses and uses the same arguments as its English', ({ messages }) => {
    for (const [id, { defaultMessage }] of Object.entries(english)) {
      const source = argumentsOf(parse(defaultMessage));
      const translated = argumentsOf(parse(messages[id] ?? ''));
      expect([...translated.entries()].sort(), id).toEqual([...source.entries()].sort());
    }
  });

  it('every English message has a description for translators', () => {
    expect(Object.entries(english).filter(([, m]) => !m.description?.trim()).map(([id]) => id)).toEqual([]);
  });
});
