import { describe, expect, it } from 'vitest';
import { blankCustomer } from '../../../renderer/customer/customer-draft';
import { seedFromSearch } from '../../../renderer/customer/search-seed';
import { nitCheckDigit } from '../../../shared/nit';

const blank = () => blankCustomer({ email: '', municipality_code: '11001' });

describe('"Nuevo cliente" carries over what was typed in the customer search', () => {
  it('a number (as people write it) becomes the identification, with its DV', () => {
    const seeded = seedFromSearch(blank(), ' 1.020.304.050 ');
    expect(seeded).toMatchObject({ identification: '1020304050', dv: nitCheckDigit('1020304050'), name: '' });
  });

  it('anything else becomes the name; nothing typed leaves the blank form', () => {
    expect(seedFromSearch(blank(), 'María Rojas')).toMatchObject({ name: 'María Rojas', identification: '' });
    expect(seedFromSearch(blank(), '   ')).toEqual(blank());
  });
});
