import { expect, it } from 'vitest';
import { runCrashCycles, salesFor } from './crash-harness';

// SIGKILLs a real core (child process, SQLite file) at random moments while it sells and syncs against the
// real sandbox, ≥ 50 times (CRASH_KILLS to change), then lets it finish.
const kills = Number(process.env.CRASH_KILLS ?? 50);

it(`survives ${kills} SIGKILLs: no acknowledged sale lost, one document per reference, no consecutive wasted`, async () => {
  const report = await runCrashCycles({ kills, sales: salesFor(kills) });
  const context = JSON.stringify(report);
  expect(report.acknowledged, context).toBeGreaterThan(0);
  // Nearly every cycle must have been killed mid-work, not have finished before the kill.
  expect(report.kills, context).toBeGreaterThanOrEqual(Math.floor(kills * 0.8));
  expect(report.lost, context).toBe(0);
  expect(report.duplicates, context).toBe(0);
  expect(report.notValidated, context).toBe(0);
  expect(report.documents, context).toBe(report.sales);
  expect(report.numbersConsumed, context).toBe(report.documents);
}, 600_000);
