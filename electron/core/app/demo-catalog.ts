/**
 * The demo shop's shelf: realistic Colombian products so a newcomer can ring up a sale at once. Barcodes are valid
 * EAN-13 with the Colombian prefix 770; taxes are IVA 19/5/0 % or INC 8 % (restaurant items).
 */
import type { CatalogProduct, Product } from '../store/catalog';

const SEEDED_KEY = 'catalog.demo_seeded';
/** Apart from the shelf's key, so a demo seeded before quick keys existed gets them once too. */
const QUICK_KEYS_SEEDED_KEY = 'catalog.demo_quick_keys_seeded';

const p = (code: string, name: string, barcode: string, price: string, unitMeasure: string, taxCode: string, taxRate: string): Product => ({
  code, name, barcode, price, unitMeasure, taxCode, taxRate, discountRate: '0',
});

export const DEMO_PRODUCTS: readonly Product[] = [
  p('CAF-500', 'Café molido tradicional 500 g', '7702001001002', '18900', '94', '01', '5'),
  p('ARZ-1KG', 'Arroz blanco 1 kg', '7702001001019', '4950', 'KGM', '01', '0'),
  p('AZU-1KG', 'Azúcar refinada 1 kg', '7702001001026', '5200', 'KGM', '01', '5'),
  p('ACE-1L', 'Aceite de girasol 1 L', '7702001001033', '12900', 'LTR', '01', '19'),
  p('LEC-1L', 'Leche entera 1 L', '7702001001040', '4300', 'LTR', '01', '0'),
  p('HUE-30', 'Huevos AA x 30', '7702001001057', '18500', '94', '01', '0'),
  p('PAN-TAJ', 'Pan tajado 500 g', '7702001001064', '6800', '94', '01', '0'),
  p('ARE-10', 'Arepas de maíz x 10', '7702001001071', '6500', '94', '01', '0'),
  p('QUE-CAM', 'Queso campesino 500 g', '7702001001088', '14500', '94', '01', '0'),
  p('CHO-MES', 'Chocolate de mesa 500 g', '7702001001095', '11200', '94', '01', '5'),
  p('PAN-LAD', 'Panela 1 kg', '7702001001101', '4800', 'KGM', '01', '0'),
  p('FRI-BOL', 'Fríjol bola roja 500 g', '7702001001118', '7900', '94', '01', '0'),
  p('LEN-500', 'Lenteja 500 g', '7702001001125', '4200', '94', '01', '0'),
  p('PAS-SPA', 'Pasta spaghetti 500 g', '7702001001132', '3900', '94', '01', '5'),
  p('ATU-LOM', 'Atún en lomitos 170 g', '7702001001149', '6900', '94', '01', '19'),
  p('SAL-REF', 'Sal refinada 1 kg', '7702001001156', '2100', 'KGM', '01', '0'),
  p('GAS-15', 'Gaseosa cola 1,5 L', '7702001001163', '5500', 'LTR', '01', '19'),
  p('AGU-600', 'Agua sin gas 600 ml', '7702001001170', '2000', '94', '01', '19'),
  p('JUG-NAR', 'Jugo de naranja 1 L', '7702001001187', '7800', 'LTR', '01', '19'),
  p('CER-330', 'Cerveza lata 330 ml', '7702001001194', '3900', '94', '01', '19'),
  p('DET-1KG', 'Detergente en polvo 1 kg', '7702001001200', '13900', 'KGM', '01', '19'),
  p('JAB-BAR', 'Jabón de barra x 3', '7702001001217', '7200', '94', '01', '19'),
  p('PAP-HIG', 'Papel higiénico x 12', '7702001001224', '24900', '94', '01', '19'),
  p('CRE-DEN', 'Crema dental 100 ml', '7702001001231', '8900', '94', '01', '19'),
  p('SHA-400', 'Champú 400 ml', '7702001001248', '16500', '94', '01', '19'),
  p('BAN-KG', 'Banano por kilo', '7702001001255', '3200', 'KGM', '01', '0'),
  p('TOM-KG', 'Tomate chonto por kilo', '7702001001262', '4500', 'KGM', '01', '0'),
  p('PAP-KG', 'Papa pastusa por kilo', '7702001001279', '2800', 'KGM', '01', '0'),
  p('EMP-CAR', 'Empanada de carne', '7702001001286', '3000', '94', '04', '8'),
  p('TIN-CAF', 'Tinto (café preparado)', '7702001001293', '1500', '94', '04', '8'),
  p('ALM-EJE', 'Almuerzo ejecutivo', '7702001001309', '16000', '94', '04', '8'),
];

/** What a cafetería-tienda sells without a barcode or many times a day: the demo's quick keys, by category. */
export const DEMO_QUICK_KEYS: ReadonlyArray<{ code: string; category: string }> = [
  { code: 'TIN-CAF', category: 'Cafetería' },
  { code: 'EMP-CAR', category: 'Cafetería' },
  { code: 'ALM-EJE', category: 'Cafetería' },
  { code: 'PAN-TAJ', category: 'Panadería' },
  { code: 'ARE-10', category: 'Panadería' },
  { code: 'GAS-15', category: 'Bebidas' },
  { code: 'AGU-600', category: 'Bebidas' },
  { code: 'JUG-NAR', category: 'Bebidas' },
  { code: 'CER-330', category: 'Bebidas' },
  { code: 'LEC-1L', category: 'Lácteos' },
];

export interface DemoCatalogStore {
  getSetting(key: string): string | null;
  setSetting(key: string, value: string): void;
  upsertProducts(list: readonly Product[]): number;
  getCatalogProduct(code: string): CatalogProduct | null;
  saveCatalogProducts(list: readonly CatalogProduct[]): unknown;
}

/**
 * Seeds the demo products the first time demo mode runs, and its quick keys the first time this version runs it;
 * never again, so a cashier's edits are not overwritten. True when the products were seeded now.
 */
export function seedDemoCatalog(store: DemoCatalogStore): boolean {
  const shelf = store.getSetting(SEEDED_KEY) === null;
  if (shelf) {
    store.upsertProducts(DEMO_PRODUCTS);
    store.setSetting(SEEDED_KEY, '1');
  }
  if (store.getSetting(QUICK_KEYS_SEEDED_KEY) === null) {
    // A product the owner already gave a category or made a key keeps what the owner chose.
    const marked = DEMO_QUICK_KEYS.flatMap(({ code, category }, i): CatalogProduct[] => {
      const product = store.getCatalogProduct(code);
      if (!product || product.quickKey) return [];
      return [{ ...product, quickKey: true, quickKeyOrder: i + 1, category: product.category ?? category }];
    });
    store.saveCatalogProducts(marked);
    store.setSetting(QUICK_KEYS_SEEDED_KEY, '1');
  }
  return shelf;
}
