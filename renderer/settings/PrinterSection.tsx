/**
 * Settings → Impresora de recibos: the thermal printer (network or OS queue), its code page and QR, when to print,
 * the drawer, and a test page. Checked with the core's own schema (shared/printer.ts) before it is sent.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { PRINTER_CODE_PAGES, RAW_PRINTER_PORT, printerSettingsSchema, type PrinterSettings } from '../../shared/printer';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { CheckField, SelectField, TextField } from '../app/fields';
import { useScreenText } from '../i18n/screen-text';
import { callWithOwner } from '../people/owner-pin';

interface PrinterDraft extends Omit<PrinterSettings, 'connection'> {
  kind: PrinterSettings['connection']['kind'];
  host: string;
  port: string;
  queue: string;
}

const toDraft = (s: PrinterSettings): PrinterDraft => {
  const { connection, ...rest } = s;
  return {
    ...rest, kind: connection.kind, host: connection.kind === 'network' ? connection.host : '',
    port: String(connection.kind === 'network' ? connection.port : RAW_PRINTER_PORT), queue: connection.kind === 'os' ? connection.queue : '',
  };
};

const fromDraft = (d: PrinterDraft): unknown => {
  const { kind, host, port, queue, ...rest } = d;
  const connection = kind === 'network' ? { kind, host: host.trim(), port: /^\d+$/.test(port.trim()) ? Number(port.trim()) : port }
    : kind === 'os' ? { kind, queue: queue.trim() } : { kind };
  return { ...rest, connection };
};

export function PrinterSection(): ReactNode {
  const t = useScreenText();
  const [draft, setDraft] = useState<PrinterDraft | null>(null);
  const [shown, setShown] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    void bridge.call('printer.get', {}).then((answer) => {
      if (answer.ok) setDraft(toDraft(answer.value.settings));
    });
  }, []);
  if (!draft) return null;

  const set = <K extends keyof PrinterDraft>(field: K) => (value: PrinterDraft[K]) => setDraft({ ...draft, [field]: value });
  const parsed = printerSettingsSchema.safeParse(fromDraft(draft));
  const problemAt = (path: string): boolean => !parsed.success && parsed.error.issues.some((i) => i.path.join('.') === path);
  const errorOf = (path: string, text: string) => (shown && problemAt(path) ? text : null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    setNotice(null);
    setFormError(null);
    if (!parsed.success) return;
    const answer = await callWithOwner('printer.save', { settings: parsed.data }, 'settings', t.approvePrinter);
    if (answer.ok) {
      setDraft(toDraft(answer.value.settings));
      setShown(false);
      setNotice(t.printerSaved);
    } else setFormError(describeBridgeError(answer.error, t));
  };
  const testPage = async () => {
    setNotice(null);
    setFormError(null);
    const answer = await bridge.call('printer.testPage', {});
    if (answer.ok) setNotice(t.printerTestQueued);
    else setFormError(describeBridgeError(answer.error, t));
  };

  return (
    <form className="panel" aria-labelledby="printer-title" onSubmit={(e) => void save(e)} noValidate>
      <h2 id="printer-title">{t.printerTitle}</h2>
      <p className="muted">{t.printerIntro}</p>
      <SelectField id="printer-kind" label={t.printerKind} value={draft.kind}
        onChange={(v) => set('kind')(v === 'network' || v === 'os' ? v : 'none')}
        options={[['none', t.printerKindNone], ['network', t.printerKindNetwork], ['os', t.printerKindOs]]} />
      {draft.kind === 'network' ? (
        <div className="row">
          <TextField id="printer-host" label={t.printerHost} value={draft.host} onChange={set('host')} hint={t.printerHostHint}
            error={errorOf('connection.host', t.problemPrinterHost)} />
          <TextField id="printer-port" label={t.printerPort} value={draft.port} onChange={set('port')} inputMode="numeric"
            error={errorOf('connection.port', t.problemPrinterPort)} />
        </div>
      ) : null}
      {draft.kind === 'os' ? (
        <TextField id="printer-queue" label={t.printerQueue} value={draft.queue} onChange={set('queue')} hint={t.printerQueueHint}
          error={errorOf('connection.queue', t.problemPrinterQueue)} />
      ) : null}
      {draft.kind !== 'none' ? (
        <>
          <div className="row">
            <SelectField id="printer-code-page" label={t.printerCodePage} value={draft.codePage}
              onChange={(v) => set('codePage')(PRINTER_CODE_PAGES.find((p) => p === v) ?? 'cp858')}
              options={[['cp858', 'CP858 (CP850 + €)'], ['cp850', 'CP850'], ['windows1252', 'WPC1252']]} />
            <SelectField id="printer-qr" label={t.printerQr} value={draft.qr} onChange={(v) => set('qr')(v === 'image' ? 'image' : 'native')}
              options={[['native', t.printerQrNative], ['image', t.printerQrImage]]} />
          </div>
          <CheckField id="printer-status-check" label={t.printerStatusCheck} checked={draft.statusCheck} onChange={set('statusCheck')} />
          <CheckField id="printer-on-validation" label={t.printerOnValidation} checked={draft.printOnValidation} onChange={set('printOnValidation')} />
          <CheckField id="printer-at-charge" label={t.printerAtCharge} checked={draft.printAtCharge} onChange={set('printAtCharge')} />
          <CheckField id="printer-drawer" label={t.printerDrawer} checked={draft.drawerOnCash} onChange={set('drawerOnCash')} />
        </>
      ) : null}
      {notice ? <p className="notice" role="status">{notice}</p> : null}
      {formError ? <p className="field-error" role="alert">{formError}</p> : null}
      <div className="actions">
        {draft.kind !== 'none' ? <button type="button" onClick={() => void testPage()}>{t.printerTest}</button> : null}
        <button type="submit" className="primary">{t.printerSave}</button>
      </div>
    </form>
  );
}
