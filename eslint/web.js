import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Boundaries of the web app (apps/web): see ARCHITECTURE.md "Web folders".
export default [
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: reactHooks.configs.recommended.rules,
  },
];
