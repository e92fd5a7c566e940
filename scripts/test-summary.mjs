// Reads the JSON reports of vitest and Playwright runs and prints "Tests: N passed, N failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

export const resultsDir = path.join(root, '.test-results');

function countsOf(report) {
  if (typeof report.numPassedTests === 'number') {
    // vitest
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests ?? 0 };
  }
  if (report.stats) {
    // Playwright
    return { passed: report.stats.expected, failed: report.stats.unexpected, skipped: report.stats.skipped };
  }
  return { passed: 0, failed: 0, skipped: 0 };
}

export function printSummary() {
  const total = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(resultsDir)) {
    for (const file of readdirSync(resultsDir).filter((f) => f.endsWith('.json'))) {
      const counts = countsOf(JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8')));
      console.log(`  ${file}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
      for (const key of Object.keys(total)) total[key] += counts[key];
    }
  }
  console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
}

if (import.meta.url === `file://${process.argv[1]}`) printSummary();
