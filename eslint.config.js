// ESLint: the recommended rules of ESLint, typescript-eslint, React hooks and jsx-a11y, a type-aware check that no
// promise is dropped, and the import boundaries of docs/conventions.md, kept by a machine rather than by memory.
import fs from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import formatjs from 'eslint-plugin-formatjs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web module the server may name (for types only): the renderer it loads as a built bundle.
const SERVER_ENTRY_INTO_WEB = 'prerender.tsx';

const FEATURE_RULE = 'A feature imports shared code (components, lib, common), never another feature: move what both need to shared code.';

/** One zone per feature folder under `root`: it may import from its own folder only, not from its siblings. */
function featuresApart(root) {
  return fs.readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({ target: `./${root}/${name}`, from: `./${root}`, except: [`./${name}`], message: FEATURE_RULE }));
}

// Imports flow one way: web/app -> web/features -> web/components, web/lib -> common (Bulletproof React's rule);
// on the server, features -> lib -> common. Neither side reaches into the other, and common into neither.
const boundaries = [
  ...featuresApart('web/features'),
  { target: './web/features', from: './web/app', message: 'The app imports features, not the other way round.' },
  { target: ['./web/components', './web/lib'], from: ['./web/features', './web/app'], message: 'Shared code imports no feature and not the app.' },
  ...featuresApart('server/features'),
  { target: './server/lib', from: './server/features', message: 'Server libraries import no feature.' },
  { target: './web', from: './server', message: 'The web app talks to the server over HTTP, and shares only common/.' },
  // One named entry: the server runs the web app's renderer built for Node (docs/decisions/0104) and names its source
  // only for the types of what it calls there (made type-only below).
  { target: './server', from: './web', except: [`./${SERVER_ENTRY_INTO_WEB}`], message: `The server imports nothing from the web app but the types of web/${SERVER_ENTRY_INTO_WEB}.` },
  { target: './common', from: ['./web', './server'], message: 'common/ is imported by both sides and imports neither.' },
  // The benches and the fault suite measure and break the app from outside; the app never depends on them.
  { target: ['./server', './web', './common'], from: ['./bench', './faults'], message: 'The app imports nothing from bench/ or faults/.' },
];

// Languages (issue 37, docs/decisions/0273): literal text in JSX fails the lint, except in the folders below, whose
// screens are not in the message catalogue yet. Each is taken off this list (one line) when its strings are translated.
const NOT_YET_TRANSLATED = [
  'web/features/chat/**',
  'web/features/groups/**',
  'web/features/notifications/**',
  'web/features/resources/**',
  'web/features/search/**',
  'web/features/settings/**',
  'web/features/therapists/**',
  // Shared components that only the features above draw: translated with them.
  'web/components/ResourceCard.tsx',
  'web/components/UserAvatar.tsx',
];

const webFromServer = {
  group: ['**/web/**'], allowTypeImports: true,
  message: 'The server runs the web renderer built (web/.ssr): import its types only (import type).',
};

export default defineConfig(
  { ignores: ['dist/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its failure; `void` marks the ones dropped on purpose.
      '@typescript-eslint/no-floating-promises': ['error', {
        // navigate() returns nothing under BrowserRouter; its type allows a promise only for data routers, unused here.
        allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }],
      }],
      // Event handlers may be async (React ignores what they return); elsewhere a promise where a value is expected is a bug.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      // Type-only imports are erased at run time and do not count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // A scrolling log (the chat's messages) takes focus so that keyboard users can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'log'] }],
    },
  },
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'e2e/**', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The server loads the renderer built (web/.ssr), never the web app's source: its one entry is named for types only.
    files: ['server/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [webFromServer] }] },
  },
  {
    // A feature's test fixtures (server/features/*/test-*.ts) and the harness serve its tests only.
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/test/**', 'server/features/**/test-*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [webFromServer, {
      group: ['**/test-*.ts', '**/test/**'], message: 'Test fixtures and the test harness are for tests only.',
    }] }] },
  },
  {
    // The boot script bundles the drawn screens' descriptors: a module the app also imported at run time would become a
    // chunk the boot script waits for (docs/decisions/0094, 0140). The app reads them as types, the code through the
    // screen module each names.
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/app/first-requests.ts', 'web/prerender.tsx', 'web/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{
        group: ['**/common/drawn-screens*'], allowTypeImports: true,
        message: 'Only the boot script (web/app/first-requests.ts) and the renderer (web/prerender.tsx) import the descriptors as values.',
      }] }],
    },
  },
  {
    // Every catalogue message (web, server, common) has its English and a description for translators, written out
    // (the extraction reads literals), and is given exactly the values it names. Ids are written by hand
    // ('feature.area.key', stable and readable), so enforce-id, which checks generated hash ids, does not apply.
    files: ['web/**/*.{ts,tsx}', 'server/**/*.ts', 'common/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { formatjs },
    rules: {
      'formatjs/enforce-description': ['error', 'literal'],
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/enforce-plural-rules': ['error', { one: true, other: true }],
      'formatjs/no-offset': 'error',
    },
  },
  {
    // Text a person reads, in JSX or in the props that hold text, comes from the catalogue.
    files: ['web/**/*.tsx'],
    ignores: NOT_YET_TRANSLATED,
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': ['error', {
        props: { include: [['*', '{label,placeholder,title,description,error,closeButtonLabel,confirmLabel,message}']] },
      }],
    },
  },
  {
    // Tests read answers as loosely typed JSON, as a client would.
    files: ['**/*.test.ts', 'server/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
