// A process that opens the embedded database's thread, runs a statement and closes it, with nothing
// else to keep it alive: it must print "closed" and end with status 0 (pglite-thread.test.ts).
import { openPgliteThread } from '../../src/db/pglite-thread.js';

const thread = await openPgliteThread({});
await thread.query('select 1');
await thread.close();
console.log('closed');
