#!/usr/bin/env node
/** Prints one closing line for the whole `npm test` run from the Vitest and Playwright JSON reports. */
import { existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const vitest = read('test-results/vitest.json');
const e2e = read('test-results/e2e.json');
let passed = 0;
let failed = 0;
let skipped = 0;
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed in ${vitest.numTotalTestSuites} suites`);
}
if (e2e) {
  const s = e2e.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
  console.log(`playwright e2e: ${s.expected} passed, ${s.unexpected} failed, ${s.flaky} flaky`);
}
if (!vitest || !e2e) {
  console.error('test summary: a report is missing (test-results/vitest.json or test-results/e2e.json)');
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
