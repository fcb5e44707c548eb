// Messages compiled when the web app is built (docs/decisions/0395): the browser gets each ICU message as the syntax tree
// react-intl formats, never as text to parse, so the app ships without FormatJS's message parser and parses nothing
// before the first tap. Nothing generated is checked in: en.json and fr-CA.json stay the catalogue that extraction
// writes, the tests read and the server uses, and each build compiles whatever they hold at that moment.
// - A catalogue imported with `?ast` (`common/i18n/lang/fr-CA.json?ast`) is its messages by id as syntax trees (en.json:
//   each message's defaultMessage, for the pseudo-locale).
// - In the app's own modules, each message descriptor's defaultMessage becomes its syntax tree and its description (for
//   translators, already in en.json) is dropped.
// - The client's `@formatjs/icu-messageformat-parser` is its no-parser build (the types, no parse), as FormatJS
//   documents; the server's renderer keeps the parser: the server hands it catalogues as text.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

const AST_QUERY = '?ast';
const LANG_DIR = path.resolve(import.meta.dirname, '../common/i18n/lang');

// The parser of the version the browser's react-intl runs (its own copy, newer than the one at the top of node_modules),
// and that version's no-parser build.
const parserRequire = createRequire(createRequire(import.meta.url).resolve('react-intl'));
const PARSER_ENTRY = parserRequire.resolve('@formatjs/icu-messageformat-parser');
const parser = await import(PARSER_ENTRY) as typeof import('@formatjs/icu-messageformat-parser');
/** The no-parser build to alias the parser to in the browser's bundle. */
export const NO_PARSER = path.join(path.dirname(PARSER_ENTRY), 'no-parser.js');
/** react-intl's intl-messageformat: @formatjs/intl carries a second copy of the same version, one is enough. */
export const INTL_MESSAGEFORMAT = parserRequire.resolve('intl-messageformat');

/** One message's syntax tree, as react-intl's runtime would have parsed it (skeletons parsed, in the message's locale). */
export function compileMessage(message: string, locale: string): unknown {
  return parser.parse(message, { locale: new Intl.Locale(locale) });
}

/** A catalogue file's messages by id, compiled: en.json's entries are `{defaultMessage, description}`, the others text. */
export function compileCatalogue(file: string): Record<string, unknown> {
  const locale = path.basename(file, '.json');
  const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string | { defaultMessage: string }>;
  return Object.fromEntries(Object.entries(entries)
    .map(([id, entry]) => [id, compileMessage(typeof entry === 'string' ? entry : entry.defaultMessage, locale)]));
}

/** A string written as a literal, or literals joined by +, as the extraction accepts; undefined for anything else. */
function staticText(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node)) return staticText(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = staticText(node.left);
    const right = staticText(node.right);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  return undefined;
}

const nameOf = (property: ts.ObjectLiteralElementLike) =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;

type Edit = { start: number; end: number; text: string };

/** The edits that compile one descriptor `{ id, defaultMessage, description }`: its text to a tree, no description. */
function descriptorEdits(object: ts.ObjectLiteralExpression, source: ts.SourceFile, file: string): Edit[] {
  const properties = object.properties;
  const message = properties.find((p) => nameOf(p) === 'defaultMessage');
  if (!message || !properties.some((p) => nameOf(p) === 'id')) return [];
  const text = ts.isPropertyAssignment(message) ? staticText(message.initializer) : undefined;
  if (!ts.isPropertyAssignment(message) || text === undefined) {
    const { line } = source.getLineAndCharacterOfPosition(message.getStart(source));
    throw new Error(`${file}:${line + 1}: a message's defaultMessage must be written out (a literal) for the build to compile it`);
  }
  const edits: Edit[] = [{ start: message.initializer.getStart(source), end: message.initializer.end, text: JSON.stringify(compileMessage(text, 'en')) }];
  const index = properties.findIndex((p) => nameOf(p) === 'description');
  if (index >= 0) {
    const description = properties[index];
    // Removed with the comma after it, or, for the last property, the one before it.
    const next = properties[index + 1];
    edits.push(next ? { start: description.getStart(source), end: next.getStart(source), text: '' }
      : { start: properties[index - 1].end, end: description.end, text: '' });
  }
  return edits;
}

/** The module with each message descriptor compiled; undefined when it has none. */
export function compileDescriptors(code: string, file: string): string | undefined {
  if (!code.includes('defaultMessage')) return undefined;
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  const edits: Edit[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) edits.push(...descriptorEdits(node, source, file));
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'defaultMessage') {
      throw new Error(`${file}: write messages with defineMessages, not as a defaultMessage attribute`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!edits.length) return undefined;
  let out = code;
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) {
    // The lines a change takes out are kept empty, so the source map's lines still match.
    out = out.slice(0, start) + text + out.slice(start, end).replace(/[^\n]/g, '') + out.slice(end);
  }
  return out;
}

const APP_SOURCE = /\/(web|common)\/.*\.tsx?$/;

/** The Vite plugin: catalogues compiled on import, descriptors compiled in the app's modules. */
export function precompiledMessages(): Plugin {
  let root = path.resolve(import.meta.dirname, '..');
  return {
    name: 'thera:precompiled-messages',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id, importer) {
      if (!id.endsWith(`.json${AST_QUERY}`) || !importer) return undefined;
      const asked = id.slice(0, -AST_QUERY.length);
      // Vite may hand the import back already rewritten from the root ("/common/i18n/lang/en.json?ast"; seen in
      // Vitest's second run over the same checkout): that is a path under the root, not the machine's.
      const file = asked.startsWith('/') && !fs.existsSync(asked) ? path.join(root, asked) : path.resolve(path.dirname(importer), asked);
      if (path.dirname(file) !== LANG_DIR) throw new Error(`${id}: only the catalogues in common/i18n/lang compile`);
      return `${file}${AST_QUERY}`;
    },
    load(id) {
      if (!id.endsWith(`.json${AST_QUERY}`)) return undefined;
      const file = id.slice(0, -AST_QUERY.length);
      this.addWatchFile(file);
      // JSON.parse of a string: quicker for the browser to read than the same object written as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalogue(file)))});`;
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (!APP_SOURCE.test(file) || file.includes('/node_modules/') || /\.test\.tsx?$/.test(file)) return undefined;
      const out = compileDescriptors(code, file);
      return out === undefined ? undefined : { code: out, map: null };
    },
  };
}
