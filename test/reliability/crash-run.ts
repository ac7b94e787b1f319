/** `npm run test:crash -- --kills 500 --sales 2000 [--seed N]`: a longer crash run than CI's, on demand. */
import { runCrashCycles } from './crash-harness';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const seedArg = process.argv.indexOf('--seed');
const report = await runCrashCycles({
  kills: arg('kills', 200),
  sales: arg('sales', 1000),
  ...(seedArg >= 0 ? { seed: Number(process.argv[seedArg + 1]) } : {}),
  log: (line) => process.stderr.write(`${line}\r`),
});
process.stderr.write('\n');
console.log(`crash run: ${report.kills} kills, ${report.sales} sales (${report.acknowledged} acknowledged), ` +
  `lost ${report.lost}, duplicates ${report.duplicates}, not validated ${report.notValidated}, ` +
  `documents ${report.documents}, numbers consumed ${report.numbersConsumed}, ${report.elapsedMs} ms, seed ${report.seed}`);
console.log(JSON.stringify({ bench: 'crash', ...report }));
process.exit(report.lost === 0 && report.duplicates === 0 && report.notValidated === 0 && report.documents === report.sales && report.numbersConsumed === report.documents ? 0 : 1);
