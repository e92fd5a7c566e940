// Starts the built server for the browser tests on a fresh embedded database.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const server = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/dist/server.js');
await import(pathToFileURL(server).href);
