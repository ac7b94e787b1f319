/**
 * `holdYoungGeneration` (heap-relief.ts): once the till has started, V8's young generation stops growing. Each case
 * runs in a child process of its own (a V8 flag is the whole process's), churning objects of which some survive
 * each scavenge, as a till with requests in flight does; the child reports the new space's typical size.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const RELIEF = fileURLToPath(new URL('../../../electron/core/app/heap-relief.ts', import.meta.url));

/** How much larger than at the start the new space typically is (the median of 80 looks) while the child churns. */
function newSpaceGrowthMb(hold: boolean): number {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-young-'));
  try {
    const script = join(dir, 'churn.ts');
    writeFileSync(script, `
      import { getHeapSpaceStatistics } from 'node:v8';
      import { holdYoungGeneration } from ${JSON.stringify(RELIEF)};
      const newSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
      const start = newSpace();
      if (${hold}) holdYoungGeneration();
      let kept: object[] = [];
      const seen: number[] = [];
      for (let i = 0; i < 8_000_000; i++) {
        kept.push({ n: i, text: 'venta ' + i });
        if (kept.length > 200_000) kept = [];
        if (i % 100_000 === 0) seen.push(newSpace());
      }
      seen.sort((a, b) => a - b);
      process.stdout.write(JSON.stringify({ start, typical: seen[Math.floor(seen.length / 2)] }));
    `);
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
    if (run.status !== 0) throw new Error(`the child failed: ${run.stderr}`);
    const { start, typical } = JSON.parse(run.stdout) as { start: number; typical: number };
    return Math.max(0, typical - start) / 1048576;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the young generation of a long-lived till', () => {
  // V8 13 still widens it for a moment now and then (up to some 20 MB, given back at the next scavenges): the
  // typical size is what stays resident.
  it('grows under V8 alone to many times its size, and stays at its size once held', () => {
    const free = newSpaceGrowthMb(false);
    const held = newSpaceGrowthMb(true);
    expect(free).toBeGreaterThan(16);
    expect(held, `new space grew by ${held} MB while held, ${free} MB free`).toBeLessThanOrEqual(4);
  });
});
