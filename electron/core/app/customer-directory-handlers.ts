/**
 * The customer directory: a page of customers, editing one, and the CSV file in and out. Every customer written
 * has met the shared buyer rule (the bridge for single edits, the CSV reader for files); a file with any problem
 * imports nothing.
 */
import type { CustomerDto, CustomerImportPreviewDto } from '../../../shared/bridge/types';
import type { InvoiceCustomer } from '../../../shared/api/invoice-request';
import { BridgeFailure, invalidField } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import { CsvFileError, type CsvProblem } from '../../../common/csv/csv-file';
import { readCustomerCsv, writeCustomerCsv } from '../../../common/csv/customer-csv';
import type { SavedCustomer } from '../store';
import type { AppContext } from './app-context';

type DirectoryMethods = 'customers.list' | 'customers.update' | 'customers.importPreview' | 'customers.import' | 'customers.export';

/** Enough to fix a file from; the rest are counted. */
const MAX_PROBLEMS_SHOWN = 200;

const dto = (c: SavedCustomer): CustomerDto => ({ id: c.id, customer: c.customer });

function readFile(base64: string): { customers: InvoiceCustomer[]; problems: CsvProblem[]; rows: number } {
  try {
    const reading = readCustomerCsv(Buffer.from(base64, 'base64'));
    return { customers: reading.customers.map((r) => r.customer), problems: reading.problems, rows: reading.rows };
  } catch (error) {
    if (error instanceof CsvFileError) return { customers: [], problems: [error.problem], rows: 0 };
    throw error;
  }
}

function shown(problems: CsvProblem[]): CsvProblem[] {
  if (problems.length <= MAX_PROBLEMS_SHOWN) return problems;
  const rest = problems.length - MAX_PROBLEMS_SHOWN;
  return [...problems.slice(0, MAX_PROBLEMS_SHOWN), { row: problems[MAX_PROBLEMS_SHOWN]?.row ?? 0, column: null, message: `and ${rest} more problems` }];
}

export function customerDirectoryHandlers(ctx: Pick<AppContext, 'store' | 'now'>): Pick<BridgeHandlers, DirectoryMethods> {
  const { store } = ctx;
  return {
    'customers.list': async (search) => {
      const found = store.listCustomers(search);
      return { total: found.total, customers: found.customers.map(dto) };
    },
    'customers.update': async ({ id, customer }) => {
      if (!store.getCustomer(id)) throw new BridgeFailure('NOT_FOUND', `There is no customer ${id}.`);
      const other = store.findCustomer(customer.identification_type, customer.identification);
      if (other && other.id !== id) {
        throw invalidField('customer.identification', `another customer (${other.customer.name}) already has this identification`);
      }
      const saved = store.updateCustomer(id, customer);
      if (!saved) throw new BridgeFailure('NOT_FOUND', `There is no customer ${id}.`);
      return dto(saved);
    },
    'customers.importPreview': async ({ file }): Promise<CustomerImportPreviewDto> => {
      const reading = readFile(file);
      const updated = reading.customers.filter((c) => store.findCustomer(c.identification_type, c.identification)).length;
      return { rows: reading.rows, created: reading.customers.length - updated, updated, problems: shown(reading.problems) };
    },
    'customers.import': async ({ file }) => {
      const reading = readFile(file);
      if (reading.problems.length > 0) {
        const first = reading.problems[0];
        throw new BridgeFailure('INVALID_INPUT',
          `The file has ${reading.problems.length} problem(s); nothing was imported. First: row ${first?.row}${first?.column ? `, column ${first.column}` : ''}: ${first?.message}`);
      }
      if (reading.customers.length === 0) throw new BridgeFailure('INVALID_INPUT', 'The file has no customers to import.');
      return store.importCustomers(reading.customers);
    },
    'customers.export': async () => {
      const day = new Date(ctx.now()).toISOString().slice(0, 10);
      return { fileName: `clientes-${day}.csv`, csv: writeCustomerCsv(store.allCustomers().map((c) => c.customer)) };
    },
  };
}
