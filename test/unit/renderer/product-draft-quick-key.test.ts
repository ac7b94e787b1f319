/** The product form's quick-key checkbox and order, read through the shared product rule the core checks. */
import { describe, expect, it } from 'vitest';
import { draftOfProduct, EMPTY_PRODUCT, readProductDraft } from '../../../renderer/catalog/product-draft';
import { productInputSchema } from '../../../shared/product';

const tinto = { ...EMPTY_PRODUCT, code: 'TIN', name: 'Tinto', price: '1.500', taxCode: '04', taxRate: '8' };

describe('the product form\'s quick key', () => {
  it('sends the flag every time, the order only for a key, and the core\'s schema takes what the form sends', () => {
    expect(readProductDraft(tinto, 'es-CO').input).toMatchObject({ quickKey: false, quickKeyOrder: null });
    const key = readProductDraft({ ...tinto, quickKey: true, quickKeyOrder: '2' }, 'es-CO').input;
    expect(key).toMatchObject({ quickKey: true, quickKeyOrder: 2 });
    expect(productInputSchema.safeParse(key).success).toBe(true);
    expect(readProductDraft({ ...tinto, quickKey: true, quickKeyOrder: '' }, 'es-CO').input).toMatchObject({ quickKeyOrder: null });
    // An order left in the box of a product that is no longer a key is not sent.
    expect(readProductDraft({ ...tinto, quickKey: false, quickKeyOrder: '7' }, 'es-CO').input).toMatchObject({ quickKeyOrder: null });
  });

  it('names the order field when the order is not a whole number from 1', () => {
    for (const order of ['0', '1,5', 'uno', '1000']) {
      const read = readProductDraft({ ...tinto, quickKey: true, quickKeyOrder: order }, 'es-CO');
      expect(read.input, order).toBeNull();
      expect(Object.keys(read.problems), order).toEqual(['quickKeyOrder']);
    }
  });

  it('opens a saved key with its flag and order', () => {
    const saved = {
      code: 'TIN', name: 'Tinto', barcode: null, barcodes: [], price: '1388.89', shelfPrice: '1500.00', unitMeasure: '94', taxCode: '04',
      taxRate: '8', discountRate: '0', category: 'Cafetería', active: true, quickKey: true, quickKeyOrder: 3,
    };
    expect(draftOfProduct(saved, 'es-CO')).toMatchObject({ quickKey: true, quickKeyOrder: '3' });
    expect(draftOfProduct({ ...saved, quickKey: false, quickKeyOrder: null }, 'es-CO')).toMatchObject({ quickKey: false, quickKeyOrder: '' });
  });
});
