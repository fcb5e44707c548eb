// The build's compiled messages (scripts/precompiled-messages.ts, docs/decisions/0395) say what the text would have said:
// the browser formats only syntax trees, so a tree that differs from its text would be a wrong word on screen.
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { compileCatalogue, compileDescriptors } from '../../scripts/precompiled-messages.ts';
import english from './lang/en.json' with { type: 'json' };
import french from './lang/fr-CA.json' with { type: 'json' };

const LANG = path.join(import.meta.dirname, 'lang');
/** A made-up value for each argument of a message: a number for plurals and numbers, a date for dates, text else. */
function valuesFor(elements: MessageFormatElement[], values: Record<string, unknown> = {}): Record<string, unknown> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.select) values[element.value] ??= 'Amara';
    if (element.type === TYPE.number || element.type === TYPE.plural) values[element.value] = 2;
    if (element.type === TYPE.date || element.type === TYPE.time) values[element.value] = new Date(Date.UTC(2026, 10, 28, 14));
    if (element.type === TYPE.tag) values[element.value] = (chunks: unknown[]) => `<${element.value}>${chunks.join('')}</${element.value}>`;
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const o of Object.values(element.options)) valuesFor(o.value, values);
    if (element.type === TYPE.tag) valuesFor(element.children, values);
  }
  return values;
}

/** A message said once from its text and once from its tree, with the same made-up values. */
function bothWays(text: string, tree: unknown, locale: string) {
  const values = valuesFor(parse(text));
  const say = (message: string | MessageFormatElement[]) => String(new IntlMessageFormat(message, locale, undefined, { ignoreTag: false }).format(values as never));
  return { text: say(text), tree: say(tree as MessageFormatElement[]) };
}

describe('messages compiled at build', () => {
  it.each([
    { locale: 'en', file: 'en.json', texts: Object.fromEntries(Object.entries(english).map(([id, m]) => [id, m.defaultMessage])) },
    { locale: 'fr-CA', file: 'fr-CA.json', texts: french as Record<string, string> },
  ])('$file: every message compiled says what its text says', ({ locale, file, texts }) => {
    const compiled = compileCatalogue(path.join(LANG, file));
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(texts).sort());
    for (const [id, text] of Object.entries(texts)) {
      const { text: fromText, tree: fromTree } = bothWays(text, compiled[id], locale);
      expect(fromTree, id).toBe(fromText);
    }
  });

  it("compiles a descriptor's defaultMessage, drops its description and keeps the module's lines", () => {
    const code = [
      'const messages = defineMessages({',
      "  title: { id: 'x.title', defaultMessage: 'Hello {name}', description: 'A greeting.' },",
      '  count: {',
      "    id: 'x.count',",
      "    description: 'How many.',",
      "    defaultMessage: '{n, plural, one {# post} ' + 'other {# posts}}',",
      '  },',
      '});',
      "const other = { id: 'not-a-message', label: 'kept' };",
    ].join('\n');
    const out = compileDescriptors(code, '/web/x.tsx')!;
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
    expect(out).not.toContain('description');
    expect(out).toContain("const other = { id: 'not-a-message', label: 'kept' };");
    const messages = new Function('defineMessages', `${out}; return messages;`)((m: unknown) => m) as Record<string, { id: string; defaultMessage: unknown }>;
    expect(new IntlMessageFormat(messages.title.defaultMessage as never, 'en').format({ name: 'Li' })).toBe('Hello Li');
    expect(new IntlMessageFormat(messages.count.defaultMessage as never, 'en').format({ n: 1 })).toBe('1 post');
  });

  it('refuses a defaultMessage the build cannot read', () => {
    expect(() => compileDescriptors("const m = { id: 'x', defaultMessage: text };", '/web/x.ts')).toThrow(/written out/);
    expect(compileDescriptors('const plain = 1;', '/web/x.ts')).toBeUndefined();
  });
});
