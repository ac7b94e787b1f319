/**
 * The catalog import on its worker thread (electron/core/app/catalog-import-worker.ts), through the composed app on a
 * real SQLite file: the worker's own connection writes beside the core's. Rows land; the progress is heard as
 * `job.progress`; a cancel keeps what was committed and says so; a bad row gets its row number and its Spanish words;
 * a charge made while the import writes commits and is answered before the import ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgressDto } from '../../../shared/progress';
import { jobProgressSchema } from '../../../shared/progress';
import { consumidorFinal } from '../../../shared/customer';
import { importProblemText } from '../../../renderer/app/import-problem-text';
import { es } from '../../../renderer/i18n/es';
import { CASH, ITEMS, startAppRig, type AppRig } from './app-rig';

/** Each file's barcodes its own (a barcode of another file's product would refuse the file). */
const barcodeOf = (prefix: string, i: number) => 7_700_000_000_000 + (prefix.charCodeAt(0) - 65) * 100_000 + i;
const HEADER = 'codigo;nombre;codigos_barras;unidad;precio_con_iva;impuesto;tarifa;categoria\r\n';

/** `rows` products with codes `${prefix}${i}`, sent as the screen sends a file (an upload, in pieces). */
async function upload(rig: AppRig, prefix: string, rows: number, bad?: { at: number; price: string }): Promise<string> {
  async function* pieces() {
    yield Buffer.from(HEADER);
    for (let from = 0; from < rows; from += 2_000) {
      const lines: string[] = [];
      for (let i = from; i < Math.min(rows, from + 2_000); i++) {
        const price = bad && bad.at === i ? bad.price : String(1_000 + (i % 9_000));
        lines.push(`${prefix}${i};Producto ${i} de prueba;${barcodeOf(prefix, i)};UND;${price};IVA;19;Despensa\r\n`);
      }
      yield Buffer.from(lines.join(''));
    }
  }
  return (await rig.composed.uploads.receive(pieces())).token;
}

const reports = (rig: AppRig, jobId: string): JobProgressDto[] =>
  rig.events.flatMap((e) => (e.event === 'job.progress' && e.payload.jobId === jobId ? [e.payload] : []));

/** Resolves on the job's first report that passes `test` (bounded: the test's own timeout ends a wait that never does). */
function reportWhere(rig: AppRig, jobId: string, test: (p: JobProgressDto) => boolean): Promise<JobProgressDto> {
  return new Promise((resolve) => {
    const off = rig.composed.app.subscribe((e) => {
      if (e.event === 'job.progress' && e.payload.jobId === jobId && test(e.payload)) {
        off();
        resolve(e.payload);
      }
    });
  });
}

const inCatalog = async (rig: AppRig, text: string) => (await rig.value('catalog.list', { text, includeInactive: true, limit: 1 })).total;

describe('the catalog import on its own thread and connection', () => {
  let rig: AppRig;
  beforeAll(async () => {
    rig = await startAppRig();
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('previews and imports every row, reporting its progress by phase until it finishes', async () => {
    const token = await upload(rig, 'A', 3_000);
    const preview = await rig.value('catalog.importPreview', { upload: token, job: 'preview-a' });
    expect(preview).toMatchObject({ rows: 3_000, creates: 3_000, updates: 0, errorCount: 0 });
    expect(reports(rig, 'preview-a').at(-1)).toMatchObject({ kind: 'catalog.preview', state: 'finished' });

    const saved = await rig.value('catalog.importCommit', { upload: token, job: 'import-a' });
    expect(saved).toEqual({ created: 3_000, updated: 0, outcome: 'imported', saved: 3_000, rows: 3_000 });
    const heard = reports(rig, 'import-a');
    for (const p of heard) expect(jobProgressSchema.safeParse(p).success).toBe(true);
    expect(heard.map((p) => p.phase).filter((phase, i, all) => all[i - 1] !== phase)).toEqual(['checking', 'writing']);
    expect(heard.at(-1)).toMatchObject({ state: 'finished', phase: 'writing', done: 3_000, total: 3_000, cancellable: false });
    expect(await inCatalog(rig, 'Producto')).toBe(3_000);
    expect(await rig.value('catalog.byBarcode', { barcode: String(barcodeOf('A', 2_999)) })).toMatchObject({ code: 'A2999', price: expect.any(String) });
  }, 120_000);

  it('a bad row is named by its row and column, in Spanish on the screen, and nothing of the file is written', async () => {
    const token = await upload(rig, 'B', 50, { at: 7, price: '12x' });
    const preview = await rig.value('catalog.importPreview', { upload: token });
    // Row 7 of the data is line 9 of the file (the header is line 1).
    expect(preview.errors).toEqual([{ row: 9, column: 'precio_con_iva', message: '"12x" is not a number' }]);
    expect(importProblemText(preview.errors[0]!.message, es)).toBe(es.importRules.notNumber('12x'));
    expect(importProblemText(preview.errors[0]!.message, es)).toMatch(/12x/);
    const refused = await rig.call('catalog.importCommit', { upload: token, job: 'import-b' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringContaining('row 9, precio_con_iva') } });
    expect(reports(rig, 'import-b').at(-1)).toMatchObject({ state: 'failed' });
    expect(await rig.value('catalog.get', { code: 'B0' })).toBeNull();
  }, 60_000);

  it('a charge made while the import writes commits, and is answered before the import ends', async () => {
    const token = await upload(rig, 'C', 20_000);
    await rig.value('catalog.importPreview', { upload: token });
    const writing = reportWhere(rig, 'import-c', (p) => p.phase === 'writing' && p.done > 0);
    const ended = reportWhere(rig, 'import-c', (p) => p.state !== 'running');
    const importing = rig.value('catalog.importCommit', { upload: token, job: 'import-c' });
    await writing;
    let endedFirst = false;
    void ended.then(() => { endedFirst = true; });
    const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
    const charged = await rig.value('sales.charge', { customer, items: ITEMS.slice(0, 1), payment: CASH });
    const answeredDuringImport = !endedFirst;
    expect(await importing).toMatchObject({ outcome: 'imported', created: 20_000 });
    expect(answeredDuringImport).toBe(true);
    expect(await rig.value('sales.get', { id: charged.saleId })).toMatchObject({ referenceCode: charged.referenceCode });
    expect(await inCatalog(rig, 'C19999')).toBe(1);
  }, 180_000);

  it('a cancel while writing keeps the products committed so far, says how many, and keeps the file for a re-import', async () => {
    const token = await upload(rig, 'D', 20_000);
    await rig.value('catalog.importPreview', { upload: token });
    const writing = reportWhere(rig, 'import-d', (p) => p.phase === 'writing' && p.done > 0);
    const importing = rig.value('catalog.importCommit', { upload: token, job: 'import-d' });
    await writing;
    expect(await rig.value('jobs.cancel', { jobId: 'import-d' })).toEqual({ cancelling: true });
    const answer = await importing;
    expect(answer).toMatchObject({ outcome: 'cancelled', rows: 20_000 });
    expect(answer.saved).toBeGreaterThan(0);
    expect(answer.saved).toBeLessThan(20_000);
    expect(answer.created).toBe(answer.saved);
    // Exactly the products committed are there (whole batches, in file order), and not one more.
    const products = await rig.value('catalog.list', { text: 'Producto', includeInactive: true, limit: 1 });
    expect(products.total - 3_000 - 20_000).toBe(answer.saved);
    expect(await rig.value('catalog.get', { code: `D${answer.saved - 1}` })).not.toBeNull();
    expect(await rig.value('catalog.get', { code: `D${answer.saved}` })).toBeNull();
    expect(reports(rig, 'import-d').at(-1)).toMatchObject({ state: 'cancelled' });
    expect(await rig.value('jobs.cancel', { jobId: 'import-d' })).toEqual({ cancelling: false });

    // The same file again finishes the work: the saved ones updated, the rest created.
    const again = await rig.value('catalog.importCommit', { upload: token });
    expect(again).toEqual({ created: 20_000 - answer.saved, updated: answer.saved, outcome: 'imported', saved: 20_000, rows: 20_000 });
  }, 180_000);

  it('a cancel while the preview reads says so and writes nothing', async () => {
    const token = await upload(rig, 'E', 20_000);
    const reading = reportWhere(rig, 'preview-e', () => true);
    const previewing = rig.value('catalog.importPreview', { upload: token, job: 'preview-e' });
    await reading;
    expect(await rig.value('jobs.cancel', { jobId: 'preview-e' })).toEqual({ cancelling: true });
    expect(await previewing).toMatchObject({ cancelled: true, rows: 0 });
    expect(reports(rig, 'preview-e').at(-1)).toMatchObject({ state: 'cancelled' });
    expect(await rig.value('catalog.get', { code: 'E0' })).toBeNull();
  }, 120_000);

  it('a customer file over 64 kB is previewed and imported on the same thread, with its progress, every customer saved', async () => {
    const lines = ['tipo_identificacion;identificacion;dv;nombre;correo;municipio'];
    for (let i = 0; i < 5_000; i++) lines.push(`13;${20_000_000 + i};;Cliente ${i} de la tienda;cliente${i}@correo.example.co;05001`);
    const file = Buffer.from(lines.join('\n')).toString('base64');
    expect(Buffer.from(file, 'base64').length).toBeGreaterThan(64 * 1024);
    expect(await rig.value('customers.importPreview', { file, job: 'customers-preview-f' })).toMatchObject({ rows: 5_000, created: 5_000, updated: 0, problems: [] });
    expect(reports(rig, 'customers-preview-f').at(-1)).toMatchObject({ kind: 'customers.preview', state: 'finished' });
    expect(await rig.value('customers.import', { file, job: 'customers-import-f' })).toEqual({ created: 5_000, updated: 0, outcome: 'imported', saved: 5_000, rows: 5_000 });
    const heard = reports(rig, 'customers-import-f');
    expect(heard.at(-1)).toMatchObject({ kind: 'customers.import', state: 'finished', phase: 'writing', done: 5_000, total: 5_000 });
    expect((await rig.value('customers.list', { text: 'Cliente 4999 de la tienda', limit: 5 })).total).toBeGreaterThanOrEqual(1);
    // A bad row refuses the whole file, named by row, in the worker too.
    const bad = Buffer.from(`${lines.join('\n')}\n13;x;;;;05001`).toString('base64');
    expect(await rig.call('customers.import', { file: bad })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringContaining('row 5002') } });
  }, 120_000);

  it('a restore asked for while an import writes is refused with its reason, and the copy stays ready to restore after', async () => {
    const taken = await rig.value('backup.run', {});
    const preview = await rig.value('backup.inspect', { file: taken.copies[0]!.path });
    const token = await upload(rig, 'R', 20_000);
    await rig.value('catalog.importPreview', { upload: token });
    const writing = reportWhere(rig, 'import-r', (p) => p.phase === 'writing' && p.done > 0);
    const importing = rig.value('catalog.importCommit', { upload: token, job: 'import-r' });
    await writing;
    const refused = await rig.call('backup.restore', { token: preview.token });
    expect(refused).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE', reason: 'IMPORT_RUNNING' } });
    expect(await importing).toMatchObject({ outcome: 'imported', saved: 20_000 });
    // Nothing was swapped: the import's rows are all there, and the copy read before is still the one waiting.
    expect(await inCatalog(rig, 'R19999')).toBe(1);
    const again = await rig.call('backup.restore', { token: preview.token });
    expect(again).not.toMatchObject({ error: { token: 'EXPIRED' } });
    expect(again).not.toMatchObject({ error: { reason: 'IMPORT_RUNNING' } });
  }, 180_000);
});
