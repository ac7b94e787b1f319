/**
 * What a till connected to a real service still needs before its invoices can go out: the seller's details
 * (printed on every receipt) and the consumidor-final defaults (every anonymous sale carries them), each with the
 * field where it is filled in. Pure.
 */
import type { SellerDto, SettingsDto } from '../../shared/bridge/types';
import { authorizationValidity } from '../../shared/numbering-authorization';
import { checkDefaults, checkSeller } from './settings-checks';

export type SetupGapKind = 'setupSeller' | 'setupDefaultEmail' | 'setupDefaultMunicipality' | 'setupAuthorization';
/** `setupAuthorizationPast`/`Near`: the resolution's validity is over or ends within AUTHORIZATION_WARNING_DAYS. */
export type SetupGap =
  | { kind: SetupGapKind; fieldId: string }
  | { kind: 'setupAuthorizationPast'; fieldId: string; validUntil: string }
  | { kind: 'setupAuthorizationNear'; fieldId: string; daysLeft: number };

/** The ids of SellerSection's fields. */
const SELLER_FIELD_IDS: Record<keyof SellerDto, string> = {
  name: 'seller-name', nit: 'seller-nit', dv: 'seller-dv', address: 'seller-address', phone: 'seller-phone',
  email: 'seller-email', municipalityCode: 'seller-municipality', resolutionText: 'seller-resolution',
};

/** `now`: the clock's instant; the validity is judged on its Colombian day. */
export function setupGaps(settings: SettingsDto, now: number = Date.now()): SetupGap[] {
  const gaps: SetupGap[] = [];
  const seller = checkSeller(settings.seller);
  const firstSellerProblem = (Object.keys(SELLER_FIELD_IDS) as Array<keyof SellerDto>).find((field) => seller[field]);
  if (firstSellerProblem) gaps.push({ kind: 'setupSeller', fieldId: SELLER_FIELD_IDS[firstSellerProblem] });
  const defaults = checkDefaults({
    defaultEmail: settings.defaultEmail, defaultMunicipalityCode: settings.defaultMunicipalityCode, printerName: '',
  });
  if (defaults.defaultEmail) gaps.push({ kind: 'setupDefaultEmail', fieldId: 'pref-email' });
  if (defaults.defaultMunicipalityCode) gaps.push({ kind: 'setupDefaultMunicipality', fieldId: 'pref-municipality' });
  const validity = authorizationValidity(settings.numberingAuthorization, now);
  if (validity.kind === 'unset') gaps.push({ kind: 'setupAuthorization', fieldId: 'auth-number' });
  if (validity.kind === 'past') gaps.push({ kind: 'setupAuthorizationPast', fieldId: 'auth-validUntil', validUntil: validity.validUntil });
  if (validity.kind === 'near') gaps.push({ kind: 'setupAuthorizationNear', fieldId: 'auth-validUntil', daysLeft: validity.daysLeft });
  return gaps;
}
