import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Boundaries of the web app (apps/web): see ARCHITECTURE.md "Web folders".
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const src = path.join(web, 'src');
const features = readdirSync(path.join(src, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What one feature offers the others and the app: its `public.ts`, nothing else. */
const publicEntries = path.join(src, 'features/*/public.ts');
/** Pages, which the route table loads lazily. */
const pages = path.join(src, 'features/*/**/*-page.tsx');

/** app → features → shared (lib, components, i18n, test), never back. */
const zones = [
  {
    target: ['lib', 'components', 'i18n', 'test'].map((folder) => path.join(src, folder)),
    from: [path.join(src, 'features'), path.join(src, 'app')],
    message: 'Shared code (lib, components, i18n, test) may not depend on features or the app.',
  },
  {
    target: path.join(src, 'features'),
    from: path.join(src, 'app'),
    message: 'A feature may not import the app; move what it needs to lib/.',
  },
  {
    target: path.join(src, 'app'),
    from: path.join(src, 'features/**'),
    except: [pages, publicEntries],
    message: "The app uses a feature's pages and its public.ts only.",
  },
  ...features.map((feature) => ({
    target: path.join(src, 'features', feature),
    from: path.join(src, 'features/!(' + feature + ')/**'),
    except: [publicEntries],
    message: "A feature may use another feature's public.ts only (or move the shared piece to lib/).",
  })),
];

export default [
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the imported files too: TypeScript ones included.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(web, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'error',
    },
  },
];
