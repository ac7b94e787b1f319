/**
 * Settings checked before they cross the bridge, with one message key per field. The rules are not written here:
 * the forms run the same shared schemas the core runs (shared/seller.ts, the bridge contract, shared/service-url.ts)
 * on the values they will send, and only turn each field's first problem into words.
 */
import { bridgeContract } from '../../shared/bridge/contract';
import type { SellerDto } from '../../shared/bridge/types';
import { sellerSchema } from '../../shared/seller';
import { numberingAuthorizationSchema, type NumberingAuthorizationDto } from '../../shared/numbering-authorization';
import { serviceUrlProblem, type ServiceUrlProblem } from '../../shared/service-url';
import { firstIssues, problemsOf, type Problems, type SettingsProblem } from './schema-problems';

export { checkDefaults, fieldErrorsFor, firstIssues, problemKey, type DefaultsDraft, type SettingsProblem } from './schema-problems';

export interface ConnectionDraft { baseUrl: string; clientId: string; clientSecret: string }

const URL_PROBLEMS: Record<ServiceUrlProblem, SettingsProblem> = {
  required: 'problemRequired', 'too-long': 'problemTooLong', 'not-a-url': 'problemUrl', 'not-https': 'problemUrlNotHttps',
};

/** The base URL by the one URL rule; the client id and secret by the bridge's own schema for saving a connection. */
export function checkConnection(d: ConnectionDraft): Problems<keyof ConnectionDraft> {
  const sent = { baseUrl: d.baseUrl.trim(), clientId: d.clientId.trim(), clientSecret: d.clientSecret };
  const p = problemsOf(bridgeContract['settings.saveConnection'].input, sent, { clientId: 'problemClientId' });
  delete p.baseUrl;
  const url = serviceUrlProblem(sent.baseUrl);
  if (url) p.baseUrl = URL_PROBLEMS[url];
  return p;
}

/** What the Seller section sends: the name and e-mail trimmed. */
export const tidySeller = (s: SellerDto): SellerDto => ({ ...s, name: s.name.trim(), email: s.email.trim() });

export function checkSeller(s: SellerDto): Problems<keyof SellerDto> {
  return problemsOf(sellerSchema, tidySeller(s), {
    nit: 'problemNit', dv: 'problemDv', email: 'problemEmail', municipalityCode: 'problemMunicipality',
  });
}

/** The authorisation by its shared schema; "to" below "from" and an end before the start get their own words. */
export function checkAuthorization(a: NumberingAuthorizationDto): Problems<keyof NumberingAuthorizationDto> {
  const sent = tidyAuthorization(a);
  const p = problemsOf(numberingAuthorizationSchema, sent, {
    number: 'problemAuthNumber', date: 'problemDate', prefix: 'problemPrefix', from: 'problemRangeNumber',
    to: 'problemRangeNumber', validFrom: 'problemDate', validUntil: 'problemDate',
  });
  const issues = firstIssues(numberingAuthorizationSchema, sent);
  if (issues.get('to')?.code === 'custom') p.to = 'problemRangeOrder';
  if (issues.get('validUntil')?.code === 'custom' && isOrderIssue(issues.get('validUntil')?.message)) p.validUntil = 'problemValidityOrder';
  if (p.prefix === 'problemRequired') delete p.prefix; // a range may have no prefix
  return p;
}
const isOrderIssue = (message: string | undefined): boolean => message?.startsWith('must not be before') ?? false;

/** What the authorisation section sends: every field trimmed, the prefix in capitals. */
export const tidyAuthorization = (a: NumberingAuthorizationDto): NumberingAuthorizationDto => ({
  number: a.number.trim(), date: a.date.trim(), prefix: a.prefix.trim().toUpperCase(), from: a.from.trim(),
  to: a.to.trim(), validFrom: a.validFrom.trim(), validUntil: a.validUntil.trim(),
});
