/** The seller's details printed on every receipt, with the DIAN numbering authorization text. */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { SellerDto, SettingsDto } from '../../shared/bridge/types';
import { nitCheckDigit } from '../../shared/nit';
import { TextField } from '../app/fields';
import { useScreenText } from '../i18n/screen-text';
import { MunicipalityField } from '../customer/MunicipalityField';
import { saveSettings } from './save-settings';
import { checkSeller, fieldErrorsFor } from './settings-checks';
import { useSettingsDraft } from './use-settings-draft';

const EMPTY: SellerDto = { name: '', nit: '', dv: '', address: '', phone: '', email: '', municipalityCode: '', resolutionText: '' };
const pickSeller = (settings: SettingsDto | null): SellerDto => settings?.seller ?? EMPTY;

export function SellerSection(): ReactNode {
  const t = useScreenText();
  const { draft: seller, change: setSeller, reset } = useSettingsDraft(pickSeller);
  const [shown, setShown] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const problems = checkSeller(seller);
  const errorOf = (field: keyof SellerDto) => serverErrors[field] ?? (shown && problems[field] ? t[problems[field]] : null);
  const set = (field: keyof SellerDto) => (value: string) => {
    setSeller((s) => ({ ...s, [field]: field === 'nit' ? value.replace(/[\s.-]/g, '') : value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  let expectedDv = '';
  try { expectedDv = /^\d{5,15}$/.test(seller.nit) ? nitCheckDigit(seller.nit) : ''; } catch { expectedDv = ''; }

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    const outcome = await saveSettings({ seller: { ...seller, name: seller.name.trim(), email: seller.email.trim() } });
    if (outcome.ok) {
      reset();
      setShown(false);
      setServerErrors({});
    } else {
      setServerErrors(fieldErrorsFor(outcome.fields, 'seller'));
      setFormError(outcome.message);
    }
  };

  return (
    <form className="panel" aria-labelledby="seller-title" onSubmit={(e) => void save(e)} noValidate>
      <h2 id="seller-title">{t.sellerTitle}</h2>
      <TextField id="seller-name" label={t.businessName} value={seller.name} onChange={set('name')} error={errorOf('name')} />
      <div className="row">
        <TextField id="seller-nit" label={t.nit} value={seller.nit} onChange={set('nit')} inputMode="numeric" error={errorOf('nit')} />
        <TextField id="seller-dv" label={t.dv} value={seller.dv} onChange={set('dv')} inputMode="numeric" maxLength={1}
          className="narrow" error={errorOf('dv')} hint={expectedDv && expectedDv !== seller.dv ? t.dvExpected(expectedDv) : undefined} />
      </div>
      <TextField id="seller-address" label={t.address} value={seller.address} onChange={set('address')} error={errorOf('address')} />
      <div className="row">
        <TextField id="seller-phone" label={t.phone} value={seller.phone} onChange={set('phone')} inputMode="numeric" error={errorOf('phone')} />
        <TextField id="seller-email" type="email" label={t.email} value={seller.email} onChange={set('email')} error={errorOf('email')} />
      </div>
      <MunicipalityField id="seller-municipality" label={t.municipality} code={seller.municipalityCode}
        onChange={set('municipalityCode')} error={errorOf('municipalityCode')} />
      <div className="field">
        <label htmlFor="seller-resolution">{t.resolutionText}</label>
        <textarea id="seller-resolution" rows={3} value={seller.resolutionText} maxLength={500}
          aria-invalid={errorOf('resolutionText') ? true : undefined} onChange={(e) => set('resolutionText')(e.target.value)} />
        {errorOf('resolutionText') ? <span className="field-error" role="alert">{errorOf('resolutionText')}</span> : null}
      </div>
      {formError ? <p className="field-error" role="alert">{formError}</p> : null}
      <div className="actions"><button type="submit" className="primary">{t.saveSeller}</button></div>
    </form>
  );
}
