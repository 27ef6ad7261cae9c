import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // .build/: npm start's transpiled copy of src/ (generated, git-ignored)
  {
    ignores: ['node_modules/', 'data/', 'test-artifacts/', 'coverage/', 'scratch/', '.build/', 'bench/.data/', 'clients/typescript/dist/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // The settings and docs pages' plain browser JavaScript and their shared base (served as is, no build step).
    files: ['src/settings/page/*.js', 'src/docs-page/*.js', 'src/page-base/*.js'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        fetch: 'readonly',
        CSS: 'readonly',
        Element: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Intl: 'readonly',
        HTMLElement: 'readonly',
        HTMLInputElement: 'readonly',
        HTMLSelectElement: 'readonly',
        URLSearchParams: 'readonly',
        performance: 'readonly',
        btoa: 'readonly',
      },
    },
  },
  // Both pages are ES modules, loaded from their entry (main.js, docs.js).
  { files: ['src/settings/page/*.js', 'src/docs-page/*.js', 'src/page-base/*.js'], languageOptions: { sourceType: 'module' } },
  // Tool configuration in CommonJS.
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
);
