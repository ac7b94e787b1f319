/**
 * The customer directory: a page of customers, editing one, and the CSV file in and out. Every customer written
 * has met the shared buyer rule (the bridge for single edits, the CSV reader for files); a file with any problem
 * imports nothing. A file over 64 kB is previewed and imported on the import's thread (catalog-import-worker.ts),
 * with its progress as a job; a cancel keeps the customers committed so far.
 */
import type { CustomerDto, CustomerImportPreviewDto, CustomerImportResultDto } from '../../../shared/bridge/types';
import { inImportWorker, runImportWorker, sourceImportWorker } from './catalog-import-runner';
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

/** A file up to this size is read on the core's thread (a few ms, less than a worker's start); larger ones on the import's thread. */
const SMALL_FILE_BYTES = 64 * 1024;

export function customerDirectoryHandlers(ctx: Pick<AppContext, 'store' | 'now' | 'jobs' | 'importWorker' | 'writeGate'>): Pick<BridgeHandlers, DirectoryMethods> {
  /** The data file for the import's worker, or null to stay on this thread (an in-memory store, a small file). */
  const workerDbPath = (bytes: Uint8Array): string | null => {
    if (bytes.length <= SMALL_FILE_BYTES) return null;
    const db = ctx.store.database();
    return db.memory ? null : db.name;
  };
  const refusal = (problems: CsvProblem[]) => {
    const first = problems[0];
    return new BridgeFailure('INVALID_INPUT',
      `The file has ${problems.length} problem(s); nothing was imported. First: row ${first?.row}${first?.column ? `, column ${first.column}` : ''}: ${first?.message}`);
  };
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
    'customers.importPreview': async ({ file, job: jobId }): Promise<CustomerImportPreviewDto> => {
      const bytes = Buffer.from(file, 'base64');
      const dbPath = workerDbPath(bytes);
      if (dbPath !== null) {
        const job = ctx.jobs?.start({ id: jobId, kind: 'customers.preview', phase: 'reading', unit: 'bytes', total: bytes.length, cancellable: true });
        const answer = await inImportWorker(job, () => runImportWorker(ctx.importWorker ?? sourceImportWorker(), { mode: 'customers-preview', dbPath, source: { bytes }, at: ctx.now() }, { job }));
        if (answer.type === 'cancelled') {
          job?.cancelled();
          return { rows: 0, created: 0, updated: 0, problems: [], cancelled: true };
        }
        if (answer.type !== 'customers-preview') throw new BridgeFailure('INTERNAL', `The preview ended unexpectedly (${answer.type}).`);
        job?.finish();
        return { rows: answer.rows, created: answer.created, updated: answer.updated, problems: shown(answer.problems) };
      }
      const reading = readFile(file);
      const updated = reading.customers.filter((c) => store.findCustomer(c.identification_type, c.identification)).length;
      return { rows: reading.rows, created: reading.customers.length - updated, updated, problems: shown(reading.problems) };
    },
    'customers.import': async ({ file, job: jobId }): Promise<CustomerImportResultDto> => {
      const bytes = Buffer.from(file, 'base64');
      const dbPath = workerDbPath(bytes);
      if (dbPath !== null) {
        const job = ctx.jobs?.start({ id: jobId, kind: 'customers.import', phase: 'reading', unit: 'bytes', total: bytes.length, cancellable: true });
        const answer = await inImportWorker(job, () => runImportWorker(ctx.importWorker ?? sourceImportWorker(),
          { mode: 'customers-commit', dbPath, source: { bytes }, at: ctx.now(), gate: ctx.writeGate?.buffer }, { job, coreDb: store.database() }));
        switch (answer.type) {
          case 'customers-refused':
            job?.failed('the file has problems');
            if (answer.problems.length === 0) throw new BridgeFailure('INVALID_INPUT', 'The file has no customers to import.');
            throw refusal(answer.problems);
          case 'imported':
            job?.finish();
            return { created: answer.created, updated: answer.updated, outcome: 'imported', saved: answer.saved, rows: answer.rows };
          case 'cancelled':
            job?.cancelled();
            return { created: answer.created, updated: answer.updated, outcome: 'cancelled', saved: answer.saved, rows: answer.rows };
          default:
            job?.failed('unexpected answer');
            throw new BridgeFailure('INTERNAL', `The import ended unexpectedly (${answer.type}).`);
        }
      }
      const reading = readFile(file);
      if (reading.problems.length > 0) throw refusal(reading.problems);
      if (reading.customers.length === 0) throw new BridgeFailure('INVALID_INPUT', 'The file has no customers to import.');
      const saved = store.importCustomers(reading.customers);
      return { ...saved, outcome: 'imported', saved: saved.created + saved.updated, rows: reading.customers.length };
    },
    'customers.export': async () => {
      const day = new Date(ctx.now()).toISOString().slice(0, 10);
      return { fileName: `clientes-${day}.csv`, csv: writeCustomerCsv(store.allCustomers().map((c) => c.customer)) };
    },
  };
}
