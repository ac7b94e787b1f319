/**
 * The back office's master data and shifts at the shop server (shared/shop/back-office-records.ts), read and saved
 * with the session's token. A save is tried once (compare-and-set: a resend after a lost answer would only find
 * its own version); a 409 `stale_version` comes back as a value with the record as it is now, checked like any answer.
 */
import type { z } from 'zod';
import {
  customerRecordSchema, customerSavedSchema, customersPageSchema, peopleListSchema, personRecordSchema, personSavedSchema,
  productSavedSchema, productsPageSchema, shiftDetailSchema, shiftsListSchema, staleAnswerSchema,
  type CustomerRecord, type CustomerSave, type CustomersPage, type PersonRecord, type PersonSave, type ProductSave,
  type ProductsPage, type RecordSaveOutcome, type RecordsQuery, type ShiftDetail, type ShiftsList,
} from '../../../shared/shop/back-office-records';
import { shopProductSchema, type ShopProduct } from '../../../shared/shop/contract';
import type { Call } from './shop-client';
import { ShopError } from './shop-error';

export interface BackOfficeRecordsClient {
  products(query: RecordsQuery): Promise<ProductsPage>;
  saveProduct(body: ProductSave): Promise<RecordSaveOutcome<ShopProduct>>;
  customers(query: RecordsQuery): Promise<CustomersPage>;
  saveCustomer(body: CustomerSave): Promise<RecordSaveOutcome<CustomerRecord>>;
  people(): Promise<{ people: PersonRecord[] }>;
  savePerson(body: PersonSave): Promise<RecordSaveOutcome<PersonRecord>>;
  shifts(query: { date: string; till?: number | undefined }): Promise<ShiftsList>;
  shift(tillNumber: number, shiftId: number): Promise<ShiftDetail>;
}

const queryOf = (q: Record<string, unknown>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export function backOfficeRecordsClient(call: Call): BackOfficeRecordsClient {
  async function save<T>(path: string, body: unknown, answer: z.ZodType<Record<string, T>>, name: string, record: z.ZodType<T>): Promise<RecordSaveOutcome<T>> {
    try {
      const saved = await call('POST', path, body, answer, { retry: false });
      return { outcome: 'saved', record: saved[name] as T };
    } catch (error) {
      if (!(error instanceof ShopError && error.status === 409 && error.serverCode === 'stale_version')) throw error;
      const stale = staleAnswerSchema(record).safeParse(error.body);
      if (!stale.success) throw new ShopError('BAD_ANSWER', 'the server\'s refusal of a stale save does not meet the contract');
      return { outcome: 'stale', current: stale.data.error.current as T | null };
    }
  }
  return {
    products: (q) => call('GET', `/v1/back-office/products${queryOf(q)}`, undefined, productsPageSchema),
    saveProduct: (body) => save('/v1/back-office/products', body, productSavedSchema, 'product', shopProductSchema),
    customers: (q) => call('GET', `/v1/back-office/customers${queryOf(q)}`, undefined, customersPageSchema),
    saveCustomer: (body) => save('/v1/back-office/customers', body, customerSavedSchema, 'customer', customerRecordSchema),
    people: () => call('GET', '/v1/back-office/people', undefined, peopleListSchema),
    savePerson: (body) => save('/v1/back-office/people', body, personSavedSchema, 'person', personRecordSchema),
    shifts: (q) => call('GET', `/v1/back-office/shifts${queryOf(q)}`, undefined, shiftsListSchema),
    shift: (tillNumber, shiftId) => call('GET', `/v1/back-office/shifts/${tillNumber}/${shiftId}`, undefined, shiftDetailSchema),
  };
}
