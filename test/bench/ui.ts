/**
 * `npm run bench:ui [-- --runs 5]`: the cashier's wait when the till opens, and what the renderer weighs.
 * Starts the app in browser mode (demo, throwaway data folder), then per run a fresh Chromium context (no cache, no
 * storage) goes to the app's address and the clock stops when the sale screen's product search is on screen.
 * Also sums the gzipped size of every file in dist/renderer. Targets: ≤ 1 s and ≤ 350 KB. Prints a summary and,
 * last, one line of JSON.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import config from '../../playwright.config';
import { removeDataDir, startApp } from '../e2e/app-process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RENDERER = join(ROOT, 'dist', 'renderer');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 5;
const RENDER_LIMIT_MS = 30_000;
const TARGET_MS = 1_000;
const TARGET_KB = 350;

if (!existsSync(join(RENDERER, 'index.html'))) {
  console.log('dist/renderer is missing: building the renderer first (vite build)');
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
}

function gzippedBytes(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += gzipSync(readFileSync(join(entry.parentPath, entry.name))).length;
    files++;
  }
  return { bytes, files };
}

interface Run { firstRenderMs: number; domContentLoadedMs: number; loadMs: number; firstContentfulPaintMs: number | null }

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const round = (ms: number): number => Math.round(ms * 10) / 10;

const launch = config.use?.launchOptions ?? {};
const app = await startApp();
const browser = await chromium.launch({ ...launch, headless: true });
const runs: Run[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ locale: 'es-CO', viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(app.url, { waitUntil: 'commit', timeout: RENDER_LIMIT_MS });
    await page.getByRole('combobox', { name: /Buscar producto/ }).waitFor({ state: 'visible', timeout: RENDER_LIMIT_MS });
    const firstRenderMs = performance.now() - started;
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return { dcl: nav?.domContentLoadedEventEnd ?? NaN, load: nav?.loadEventEnd ?? NaN, fcp: fcp ? fcp.startTime : null };
    });
    runs.push({ firstRenderMs, domContentLoadedMs: timing.dcl, loadMs: timing.load, firstContentfulPaintMs: timing.fcp });
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
  removeDataDir(app.dataDir);
}

const renders = runs.map((r) => r.firstRenderMs);
const medianMs = round(median(renders));
const maxMs = round(Math.max(...renders));
const fcps = runs.map((r) => r.firstContentfulPaintMs).filter((x): x is number => x !== null);
const size = gzippedBytes(RENDERER);
const kb = Math.round((size.bytes / 1024) * 10) / 10;

console.log(`UI cold first render (fresh browser context → sale screen's product search visible), ${RUNS} runs:`);
runs.forEach((r, i) => console.log(`  run ${i + 1}: ${round(r.firstRenderMs)} ms (DOMContentLoaded ${round(r.domContentLoadedMs)} ms, load ${round(r.loadMs)} ms, first contentful paint ${r.firstContentfulPaintMs === null ? 'n/a' : `${round(r.firstContentfulPaintMs)} ms`})`));
console.log(`  median ${medianMs} ms, max ${maxMs} ms (target <= ${TARGET_MS} ms)${fcps.length ? `; median first contentful paint ${round(median(fcps))} ms` : ''}`);
console.log(`Renderer size: ${size.files} files in dist/renderer, ${kb} KB gzipped (target <= ${TARGET_KB} KB)`);
console.log(JSON.stringify({ bench: 'ui', first_render_ms_median: medianMs, first_render_ms_max: maxMs, renderer_gzip_kb: kb }));
