// Lint rules for the frontend, with the feature boundaries of docs/architecture.md: `shared/`
// imports no feature and no app code; a feature imports `shared/` but never another feature
// (the app composes them); only `app/` sees every feature.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const noAppImports = { group: ['**/app/*'], message: 'Only app/ composes screens; pass what you need in instead.' };
const noFeatureImports = { group: ['**/features/*'], message: 'shared/ must not depend on a feature.' };
// From a file N folders below src/features/<feature>, climbing N+1 folders lands in
// src/features: a sibling feature.
const siblingFeature = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}(?!\\.\\.)[^/]+/`,
  message: 'A feature never imports another feature: move the shared part to src/shared, or let app/ compose them.',
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'src/shared/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Playwright's fixtures hand their value to `use`, which is no React hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppImports, noFeatureImports] }] },
  },
  {
    files: ['src/features/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppImports, siblingFeature(1)] }] },
  },
  {
    files: ['src/features/*/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppImports, siblingFeature(2)] }] },
  },
);
