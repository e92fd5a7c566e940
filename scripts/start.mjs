// `npm start`: builds whatever is missing or out of date, then serves the whole product.
import { buildWhatIsMissing, root } from './lib.mjs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

await buildWhatIsMissing();
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);
