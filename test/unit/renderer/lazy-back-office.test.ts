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

  it('reaches each back-office screen by import() from the entry', () => {
    const entry = Object.values((built as RendererBuild).manifest).find((chunk) => chunk.isEntry);
    const dynamic = entry?.dynamicImports ?? [];
    for (const screen of BACK_OFFICE.slice(0, 8)) expect(dynamic.some((key) => key.endsWith(screen)), screen).toBe(true);
  });
});
