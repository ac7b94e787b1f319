/** `npm run test:crash -- --kills 500 [--sales N] [--seed N]`: a longer crash run than CI's, on demand. */
import { runCrashCycles, salesFor } from './crash-harness';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const seedArg = process.argv.indexOf('--seed');
const kills = arg('kills', 200);
const report = await runCrashCycles({
  kills,
  // Fewer than salesFor(kills) lets the ring run out before the last kills (those cycles then find nothing to do).
  sales: arg('sales', salesFor(kills)),
  ...(seedArg >= 0 ? { seed: Number(process.argv[seedArg + 1]) } : {}),
  log: (line) => process.stderr.write(`${line}\r`),
});
process.stderr.write('\n');
console.log(`crash run: ${report.kills} kills, ${report.sales} sales (${report.acknowledged} acknowledged), ` +
  `lost ${report.lost}, duplicates ${report.duplicates}, not validated ${report.notValidated}, ` +
  `documents ${report.documents}, numbers consumed ${report.numbersConsumed}, ${report.elapsedMs} ms, seed ${report.seed}`);
console.log(JSON.stringify({ bench: 'crash', ...report }));
process.exit(report.lost === 0 && report.duplicates === 0 && report.notValidated === 0 && report.documents === report.sales && report.numbersConsumed === report.documents ? 0 : 1);
