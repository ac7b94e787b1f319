/** This till: its id (read-only), language, printer and paper, and the defaults for consumidor final. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { tillNameSchema } from '../../shared/bridge/contract';
import { cashierMaxDiscountSchema } from '../../shared/sale-input';
import type { Locale, PaperWidth, SettingsDto } from '../../shared/bridge/types';
import type { ShiftRule } from '../../shared/shift';
import { useApp } from '../app/app-store';
import { CheckField, SelectField, TextField } from '../app/fields';
import { useScreenText } from '../i18n/screen-text';
import { MunicipalityField } from '../customer/MunicipalityField';
import { saveSettings } from './save-settings';
import { checkDefaults, fieldErrorsFor } from './settings-checks';
import { useSettingsDraft } from './use-settings-draft';

interface PreferencesDraft {
  locale: Locale; paperWidth: PaperWidth; printerName: string; silentPrint: boolean; defaultEmail: string; municipality: string;
  tillName: string;
  rateShare: number;
  /** As typed; read with the core's own rule (shared/sale-input.ts) before saving. */
  cashierMaxDiscount: string;
  shiftRule: ShiftRule;
}

/** Shares that split the service's limit evenly between 1 to 5 tills; a value saved otherwise is offered too. */
const RATE_SHARES = [100, 50, 33, 25, 20];

const pickPreferences = (s: SettingsDto | null): PreferencesDraft => ({
  locale: s?.locale ?? 'es-CO', paperWidth: s?.paperWidth ?? 80, printerName: s?.printerName ?? '', silentPrint: s?.silentPrint ?? false,
  defaultEmail: s?.defaultEmail ?? '', municipality: s?.defaultMunicipalityCode ?? '', tillName: s?.tillName ?? '', rateShare: s?.rateShare ?? 100,
  cashierMaxDiscount: String(s?.cashierMaxDiscount ?? 0),
  shiftRule: s?.shiftRule ?? 'ask',
});

/** "12,5" or "12.5" → 12.5 when the core's own rule takes it, else null. */
function readPercent(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const parsed = cashierMaxDiscountSchema.safeParse(Number(trimmed));
  return parsed.success ? parsed.data : null;
}

export function PreferencesSection(): ReactNode {
  const t = useScreenText();
  const tillId = useApp((s) => s.settings?.tillId ?? '');
  // A paired till's name is the shop server's to decide (issue 26): the hint says so.
  const paired = useApp((s) => Boolean(s.status?.shopServer));
  const { draft, change, reset } = useSettingsDraft(pickPreferences);
  const { locale, paperWidth, printerName, silentPrint, defaultEmail, municipality, tillName, rateShare, cashierMaxDiscount, shiftRule } = draft;
  const set = <K extends keyof PreferencesDraft>(field: K) => (value: PreferencesDraft[K]) => change((d) => ({ ...d, [field]: value }));
  const [shown, setShown] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const problems = checkDefaults({ defaultEmail, defaultMunicipalityCode: municipality, printerName });
  const errorOf = (field: keyof typeof problems) => serverErrors[field] ?? (shown && problems[field] ? t[problems[field]] : null);
  // The core's own rule for the till's name (shared schema), so the form and the core agree.
  const tillNameOk = tillNameSchema.safeParse(tillName).success;
  const tillNameError = serverErrors.tillName ?? (shown && !tillNameOk ? t.problemTillName : null);
  const maxDiscount = readPercent(cashierMaxDiscount);
  const maxDiscountError = serverErrors.cashierMaxDiscount ?? (shown && maxDiscount === null ? t.problemCashierMaxDiscount : null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    setFormError(null);
    if (Object.keys(problems).length > 0 || !tillNameOk || maxDiscount === null) return;
    const outcome = await saveSettings({
      tillName: tillName.trim(),
      locale, paperWidth, silentPrint, printerName: printerName.trim() === '' ? null : printerName.trim(),
      defaultEmail: defaultEmail.trim(), defaultMunicipalityCode: municipality, rateShare, cashierMaxDiscount: maxDiscount,
      shiftRule,
    });
    if (outcome.ok) {
      reset();
      setShown(false);
      setServerErrors({});
    } else {
      setServerErrors(fieldErrorsFor(outcome.fields));
      setFormError(outcome.message);
    }
  };

  return (
    <form className="panel" aria-labelledby="prefs-title" onSubmit={(e) => void save(e)} noValidate>
      <h2 id="prefs-title">{t.tillTitle}</h2>
      <TextField id="till-id" label={t.tillId} value={tillId} onChange={() => undefined} readOnly hint={t.tillIdHint} />
      <TextField id="pref-till-name" label={t.tillName} value={tillName} onChange={set('tillName')} hint={paired ? t.tillNameHintPaired : t.tillNameHint}
        error={tillNameError} />
      <SelectField id="pref-locale" label={t.language} value={locale} onChange={(v) => set('locale')(v as Locale)}
        options={[['es-CO', 'Español (Colombia)'], ['en', 'English']]} />
      <div className="row">
        <TextField id="pref-printer" label={t.printerName} value={printerName} onChange={set('printerName')}
          hint={t.printerHint} error={errorOf('printerName')} />
        <SelectField id="pref-paper" label={t.paperWidth} value={String(paperWidth)}
          onChange={(v) => set('paperWidth')(v === '58' ? 58 : 80)} options={[['80', '80 mm'], ['58', '58 mm']]} />
      </div>
      <CheckField id="pref-silent" label={t.silentPrint} checked={silentPrint} onChange={set('silentPrint')} />
      <SelectField id="pref-rate-share" label={t.rateShare} value={String(rateShare)} hint={t.rateShareHint}
        error={serverErrors['rateShare'] ?? null} onChange={(v) => set('rateShare')(Number(v))}
        options={[...new Set([...RATE_SHARES, rateShare])].map((p) => [String(p), p === 100 ? t.rateShareAll : `${p} %`] as const)} />
      <TextField id="pref-cashier-max-discount" label={t.cashierMaxDiscount} value={cashierMaxDiscount} inputMode="decimal"
        onChange={set('cashierMaxDiscount')} hint={t.cashierMaxDiscountHint} error={maxDiscountError} />
      <SelectField id="pref-shift-rule" label={t.shiftRule} value={shiftRule} hint={t.shiftRuleHint}
        error={serverErrors['shiftRule'] ?? null} onChange={(v) => set('shiftRule')(v === 'refuse' ? 'refuse' : 'ask')}
        options={[['ask', t.shiftRuleAsk], ['refuse', t.shiftRuleRefuse]]} />
      <h3>{t.consumidorFinalDefaults}</h3>
      <TextField id="pref-email" type="email" label={t.defaultEmail} value={defaultEmail} onChange={set('defaultEmail')}
        hint={t.defaultEmailHint} error={errorOf('defaultEmail')} />
      <MunicipalityField id="pref-municipality" label={t.defaultMunicipality} code={municipality}
        onChange={set('municipality')} error={errorOf('defaultMunicipalityCode')} />
      {formError ? <p className="field-error" role="alert">{formError}</p> : null}
      <div className="actions"><button type="submit" className="primary">{t.savePreferences}</button></div>
    </form>
  );
}
