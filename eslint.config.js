// ESLint flat config: typescript-eslint's recommended rules; `npm run lint` runs it with Prettier's check.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'packages/*/dist/',
      'editors/vscode/dist/',
      'packages/core/src/generated/',
      'node_modules/',
      'test/fixtures/',
      'test/golden/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Sanitizers and their tests match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests navigate decoded JSON freely.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
