/**
 * Writes the ESC/POS pictures (test/support/escpos-pictures.ts) into docs/screenshots/ and test-results/screenshots/.
 * Run: npx tsx test/support/escpos-pictures-run.ts (the unit test escpos-pictures.test.ts fails while docs/ is stale).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escposPictures } from './escpos-pictures';

const pictures = escposPictures();
for (const dir of ['docs/screenshots', 'test-results/screenshots']) {
  mkdirSync(dir, { recursive: true });
  for (const [name, svg] of pictures) writeFileSync(join(dir, `${name}.svg`), svg);
}
console.log(`${pictures.size} pictures written to docs/screenshots/ and test-results/screenshots/`);
