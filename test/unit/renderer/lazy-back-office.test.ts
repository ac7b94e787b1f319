/**
 * The counter loads first (issue 17): the renderer's build must keep every back-office screen, and what only they
 * use, out of the entry chunk and its static imports, reachable by import() alone. A static import of any of them
 * from the counter's side (App.tsx, the sale screen, the status bar…) pulls it back into the first download.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithManifest, initialModules, type RendererBuild } from '../../support/renderer-build';

const BACK_OFFICE = [
  'history/HistoryScreen.tsx', 'settings/SettingsScreen.tsx', 'customers/CustomersScreen.tsx', 'catalog/CatalogScreen.tsx',
  'people/PeopleScreen.tsx', 'shifts/ShiftScreen.tsx', 'receipt/ReceiptScreen.tsx', 'owner/OwnerViewScreen.tsx',
  // Only the back office uses these: the receipt's QR code, CSV import, corrections, the receipt on paper.
  'receipt/ReceiptQr.tsx', 'receipt/ReceiptPaper.tsx', 'catalog/ImportPanel.tsx', 'customers/CustomerImport.tsx',
  'history/SaleCorrection.tsx', 'shifts/ShiftReportPaper.tsx', 'settings/settings-checks.ts',
  // The owner's view of every till (issue 21): its dashboard and charts, the day report, History across tills.
  'owner/DashboardView.tsx', 'owner/BarChart.tsx', 'owner/DayReportView.tsx', 'owner/OwnerHistoryView.tsx', 'owner/dashboard-series.ts',
  // Its editors of the shop's master data and each till's shifts and Z.
  'owner/ShopCatalogView.tsx', 'owner/ShopCustomersView.tsx', 'owner/ShopPeopleView.tsx', 'owner/ShopShiftsView.tsx', 'owner/shop-product-dto.ts',
];

let built: RendererBuild | null = null;

beforeAll(async () => {
  built = await buildWithManifest();
}, 120_000);
afterAll(() => { if (built) rmSync(built.outDir, { recursive: true, force: true }); });

describe('the first download', () => {
  it('holds none of the back-office screens nor what only they use', () => {
    const initial = initialModules(built as RendererBuild);
    expect(initial).toContain('renderer/sale/SaleScreen.tsx'); // the list is real: the counter is in it
    for (const source of BACK_OFFICE) expect(initial, source).not.toContain(`renderer/${source}`);
  });

  it('holds no zod (the schemas chunk of the counter follows the first render) no decimal library, no English', () => {
    const initial = initialModules(built as RendererBuild);
    expect(initial.filter((source) => source.includes('node_modules/zod/'))).toEqual([]);
    // Money is exact on BigInt (shared/exact-decimal.ts): no decimal library on the first render either.
    expect(initial.filter((source) => source.includes('node_modules/decimal.js/'))).toEqual([]);
    // A Spanish till never downloads the English dictionary (renderer/i18n/messages.ts loads it when chosen).
    expect(initial.filter((source) => source.startsWith('renderer/i18n/en'))).toEqual([]);
    expect(initial).not.toContain('renderer/sale/counter-schemas.ts');
    expect(initial).toContain('renderer/sale/counter-schemas-loader.ts');
  });

  it('keeps uPlot in the dashboard\'s own chunk: not in the first download, not in Tienda\'s screen chunk', () => {
    const b = built as RendererBuild;
    const chunkOf = (source: string) => Object.entries(b.modules).filter(([, sources]) => sources.includes(source)).map(([file]) => file);
    const uplot = Object.entries(b.modules).filter(([, sources]) => sources.some((s) => s.includes('node_modules/uplot/'))).map(([file]) => file);
    expect(initialModules(b).filter((source) => source.includes('node_modules/uplot/'))).toEqual([]);
    expect(uplot).toEqual(chunkOf('renderer/owner/DashboardView.tsx'));
    expect(chunkOf('renderer/owner/OwnerViewScreen.tsx')).not.toEqual(uplot);
  });

  it("holds none of the counter's late parts: what is not on screen at its first render, nor the problems' words", () => {
    const initial = initialModules(built as RendererBuild);
    // renderer/sale/counter-later.ts, fetched right after the first render (counter-later-loader.tsx): the customer
    // search, the parked sales' list, the keypad, the owner's PIN dialog and its modal, a large total to confirm, the
    // last sale's line, the status bar's error line, and the words of what went wrong (bridge-error-text.ts and its
    // dictionary, es-problems.ts, with the rest of es-later.ts).
    const LATE = [
      'sale/counter-later.ts', 'customer/CustomerSearch.tsx', 'sale/ParkedList.tsx', 'sale/Keypad.tsx', 'sale/keypad-entry.ts',
      'people/OwnerPinDialog.tsx', 'app/Modal.tsx', 'sale/ConfirmTotal.tsx', 'sale/LastSale.tsx', 'sale/last-sale-fate.ts',
      'status/SyncErrorLine.tsx', 'status/sync-error-text.ts', 'bridge/bridge-error-text.ts', 'i18n/es-problems.ts',
      'i18n/es-later.ts', 'i18n/counter-text.ts', 'styles/counter-later.css', 'styles/modal.css', 'styles/layout.css',
      // The status bar's lines that speak only in some states (StatusExtras.tsx).
      'status/StatusExtras.tsx', 'shifts/UnsentAlert.tsx', 'status/PrinterStatus.tsx', 'status/BackupWarning.tsx',
      'status/UpdateRefusalWarning.tsx', 'status/shop-server-line.ts',
    ];
    for (const source of LATE) expect(initial, source).not.toContain(`renderer/${source}`);
    // Whole modules go to one chunk: the back office's words of the shop server and of updates stay out with them.
    expect(initial).not.toContain('renderer/i18n/es-shop.ts');
    expect(initial).not.toContain('renderer/i18n/es-updates.ts');
    // Consumidor final's DV is written out: no DV code on the first render.
    expect(initial).not.toContain('shared/nit.ts');
    // The loader is there, and the parts a scan needs (the wedge, the search, the cart, Cobrar) are too.
    for (const source of ['sale/counter-later-loader.tsx', 'sale/counter-keys.ts', 'sale/scans-in-flight.ts', 'sale/ProductSearch.tsx',
      'sale/CartTable.tsx', 'sale/charge-sale.ts']) expect(initial, source).toContain(`renderer/${source}`);
  });

  it('reaches the late chunk of the counter by import() from the entry', () => {
    const entry = Object.values((built as RendererBuild).manifest).find((chunk) => chunk.isEntry);
    expect((entry?.dynamicImports ?? []).some((key) => key.endsWith('sale/counter-later.ts'))).toBe(true);
  });

  it('reaches each back-office screen by import() from the entry', () => {
    const entry = Object.values((built as RendererBuild).manifest).find((chunk) => chunk.isEntry);
    const dynamic = entry?.dynamicImports ?? [];
    for (const screen of BACK_OFFICE.slice(0, 8)) expect(dynamic.some((key) => key.endsWith(screen)), screen).toBe(true);
  });
});
