/**
 * A closed shift's Z with a sale corrected after the close (issue 19): the Z's figures as printed, and under them the
 * correction, on screen at every screen size the till runs at. The shop's file is seeded through the store: shift 1
 * sold 19 845 in cash and closed even, the service rejected that sale, and it was corrected while shift 2 was open.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { shiftReport } from '../../electron/core/app/shift-report';
import { openStore } from '../../electron/core/store';
import { readDocument } from '../../shared/api/document';
import { formatCop, ON_PAPER } from '../../shared/money';
import { removeDataDir, startApp, type AppProcess } from './app-process';
import { callCore } from './core-bridge';
import { openTill, saveScreen } from './counter';

const CUSTOMER = {
  identification_type: '13', identification: '52345678', dv: '3', person_type: '2', name: 'Luis Pérez',
  tax_regime: '49', email: 'luis@example.co', municipality_code: '11001',
};
const ITEMS = [{ code: 'CAF-500', name: 'Café molido tradicional 500 g', quantity: 1, unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] }];
const COUNT = { bills: { '100000': 1, '10000': 1, '5000': 1, '2000': 2 }, coins: { '500': 1, '200': 1, '100': 1, '50': 1 } };

let app: AppProcess | null = null;
test.afterEach(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  app = null;
});

function seed(dataDir: string): { first: number; second: number } {
  const store = openStore({ path: join(dataDir, 'mostrador.sqlite') });
  const person = { id: null, name: 'Ana' };
  const one = store.startShift({ tillId: store.tillId(), tillName: 'Caja 1', openedBy: person, openingCash: '100000.00' });
  const sale = store.recordSale({ customer: CUSTOMER, items: ITEMS, payment: { form_code: '1', means_code: '10' }, numberingRangeId: null });
  store.claimNext(1);
  const doc = (status: string) => readDocument({ id: 'd0c5a1e0-0000-4000-8000-000000000001', reference_code: sale.referenceCode, status, errors: ['Regla FAD06'] });
  store.recordAttempt(sale.entryId, { startedAt: 1, finishedAt: 2, outcome: 'queued', message: 'QUEUED' });
  store.markQueued(sale.entryId, doc('QUEUED'));
  store.markNeedsAttention(sale.entryId, 'REJECTED: Regla FAD06', doc('REJECTED'));
  store.closeShift(one.id, {
    closedBy: person, cashCount: COUNT, countedCash: '119850.00',
    report: (open, sales, closedAt) => shiftReport({
      shift: { ...open, closedAt, closedBy: person.name }, sales, takenAt: closedAt, unsent: { count: 0, oldestAt: null },
      counted: { count: COUNT, total: '119850.00' },
    }),
  });
  store.startShift({ tillId: store.tillId(), tillName: 'Caja 1', openedBy: person, openingCash: '100000.00' });
  const done = store.correctSale({ saleId: sale.saleId, customer: { ...CUSTOMER, name: 'Luis Pérez Gómez' }, reason: 'Nombre', actor: { person: null, approvedBy: null } });
  store.close();
  return { first: sale.shortNumber, second: done.shortNumber };
}

test('shift 1\'s Z lists the correction made after its close; shift 2 took no cash for it', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-e2e-'));
  const refs = seed(dataDir);
  app = await startApp({ dataDir });
  await openTill(page, app);
  const x = await callCore(app, 'shifts.report', {});
  expect(x.cash).toMatchObject({ cashSales: '0.00', expected: '100000.00' });

  await page.getByRole('button', { name: 'Turno' }).click();
  await page.getByRole('button', { name: 'Ver informe Z' }).click();
  const z = page.getByTestId('shift-report');
  await expect(z).toContainText('Informe Z (cierre de turno)');
  await expect(z.getByTestId('report-difference')).toHaveText(formatCop('0', 'es-CO', ON_PAPER));
  const after = z.getByTestId('report-after-close');
  await expect(z.getByRole('heading', { name: 'Correcciones después del cierre' })).toBeVisible();
  const number = (n: number) => String(n).padStart(6, '0');
  await expect(after).toContainText(`Caja 1\u00A0·\u00A0${number(refs.first)} → ${number(refs.second)}`);
  await expect(after).toContainText(formatCop('19845', 'es-CO', ON_PAPER));
  for (const [width, height] of [[1024, 768], [1093, 614], [1280, 800], [1366, 768], [1920, 1080]] as const) {
    await page.setViewportSize({ width, height });
    await after.scrollIntoViewIfNeeded();
    await saveScreen(page, `shift-z-after-close-${width}x${height}`);
  }
});
