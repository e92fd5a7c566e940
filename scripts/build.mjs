// Builds what is missing or older than its sources: `node scripts/build.mjs [contract|server|web…]`
// (all three, in that order, when none is named).
import { buildSteps, buildWhatIsMissing } from './lib.mjs';

const names = process.argv.slice(2);
await buildWhatIsMissing(names.length > 0 ? names : buildSteps.map((step) => step.name));
