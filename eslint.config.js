import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import server from './eslint/server.js';
import web from './eslint/web.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: [
      'apps/server/**/*.ts',
      'packages/**/*.ts',
      'scripts/**',
      'eslint/**',
      '**/*.{js,mjs,cjs}',
      '*.ts',
      'apps/web/e2e/**',
      'apps/web/*.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  ...server,
  ...web,
);
