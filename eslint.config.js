// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import { areaDoors } from './scripts/eslint/area-doors.js';
import { featureDoors } from './scripts/eslint/feature-doors.js';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** Layering: a file's folder says where it may run (DESIGN.md). */
const restrict = (paths, patterns, message) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: paths.map((name) => ({ name, message })),
      patterns: patterns.map((group) => ({ group: [group], message })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      ...restrict(
        [...nodeBuiltins, 'electron', 'react', 'react-dom', 'got', 'keytar', 'better-sqlite3'],
        ['@blueprintjs/*', 'prosemirror-*', '**/main/**', '**/renderer/**', '**/preload/**', '**/demo-server/**'],
        'src/shared runs anywhere: no Node, DOM or Electron imports.',
      ),
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'process', 'Buffer', 'require', '__dirname'].map((name) => ({
          name,
          message: 'src/shared runs anywhere: no Node or DOM globals.',
        })),
      ],
    },
  },
  {
    files: ['src/main/**/*.ts', 'src/shared/**/*.ts'],
    plugins: { areas: { rules: { 'area-doors': areaDoors } } },
    rules: { 'areas/area-doors': 'error' },
  },
  {
    files: ['src/main/services/**/*.ts'],
    rules: restrict(
      ['electron'],
      ['electron/*', '**/renderer/**', '**/preload/**', '**/ipc', '**/ipc/**', '**/app-services'],
      'src/main/services is Electron-free and below the IPC layer: take Electron needs and IPC as injected functions.',
    ),
  },
  {
    files: ['src/demo-server/**/*.ts'],
    rules: restrict(
      ['electron'],
      ['electron/*', '**/main/**', '**/renderer/**', '**/preload/**', '**/editor/**'],
      'The demo server stands alone beside the console: it may use src/shared, never the main process or the renderer.',
    ),
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, layering: { rules: { 'feature-doors': featureDoors } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'layering/feature-doors': 'error',
      ...restrict(
        [...nodeBuiltins, 'electron', 'got', 'keytar', 'better-sqlite3'],
        ['**/main/**', '**/preload/**', '**/demo-server/**'],
        'The renderer is sandboxed: it reaches the main process only through window.api.',
      ),
    },
  },
  {
    // Each area's contract calls are in its one client module (features/<area>/client.ts, app/client.ts); the data hooks in
    // core read through the shared cache.
    files: ['src/renderer/src/**/*.{ts,tsx}'],
    ignores: ['src/renderer/src/**/client.ts', 'src/renderer/src/core/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='api'][callee.property.name='call']",
          message: "A contract call belongs in the area's client module (client.ts), where a write names the reads it changes.",
        },
      ],
    },
  },
  {
    files: ['src/editor/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        [...nodeBuiltins, 'electron', 'got', 'keytar', 'better-sqlite3'],
        ['electron/*', '**/main/**', '**/preload/**', '**/demo-server/**', '**/renderer/**'],
        'src/editor is a self-contained renderer module: no Node, no Electron, no imports from the app.',
      ),
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'require', '__dirname', '__filename', 'global'].map((name) => ({
          name,
          message: 'src/editor runs in the sandboxed renderer: no Node globals.',
        })),
      ],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: restrict(
      nodeBuiltins.filter((m) => m !== 'electron'),
      ['**/main/**', '**/renderer/**', '**/demo-server/**'],
      'The sandboxed preload may only use electron and src/shared.',
    ),
  },
);
