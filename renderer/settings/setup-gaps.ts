/**
 * What a till connected to a real service still needs before its invoices can go out: the seller's details
 * (printed on every receipt) and the consumidor-final defaults (every anonymous sale carries them), each with the
 * field where it is filled in. Pure.
 */
import type { SellerDto, SettingsDto } from '../../shared/bridge/types';
import { checkDefaults, checkSeller } from './settings-checks';

export type SetupGapKind = 'setupSeller' | 'setupDefaultEmail' | 'setupDefaultMunicipality';
export interface SetupGap { kind: SetupGapKind; fieldId: string }

/** The ids of SellerSection's fields. */
const SELLER_FIELD_IDS: Record<keyof SellerDto, string> = {
  name: 'seller-name', nit: 'seller-nit', dv: 'seller-dv', address: 'seller-address', phone: 'seller-phone',
  email: 'seller-email', municipalityCode: 'seller-municipality', resolutionText: 'seller-resolution',
};

export function setupGaps(settings: SettingsDto): SetupGap[] {
  const gaps: SetupGap[] = [];
  const seller = checkSeller(settings.seller);
  const firstSellerProblem = (Object.keys(SELLER_FIELD_IDS) as Array<keyof SellerDto>).find((field) => seller[field]);
  if (firstSellerProblem) gaps.push({ kind: 'setupSeller', fieldId: SELLER_FIELD_IDS[firstSellerProblem] });
  const defaults = checkDefaults({
    defaultEmail: settings.defaultEmail, defaultMunicipalityCode: settings.defaultMunicipalityCode, printerName: '',
  });
  if (defaults.defaultEmail) gaps.push({ kind: 'setupDefaultEmail', fieldId: 'pref-email' });
  if (defaults.defaultMunicipalityCode) gaps.push({ kind: 'setupDefaultMunicipality', fieldId: 'pref-municipality' });
  return gaps;
}
