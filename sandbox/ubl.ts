import Decimal from 'decimal.js';
import type { InvoiceRequest } from '../shared/api/invoice-request';
import type { DocumentTotals, LineAmounts } from '../shared/money';
import { colombiaDateTime, taxAmountForCode } from './cufe';
import type { SandboxSeller } from './seller';
import { taxShortName } from '../shared/codes';

/** The numbering authorization (resolution) the invoice number comes from. */
export interface UblNumberingRange {
  prefix: string;
  resolution: string;
  resolutionDate: string;
  from: number;
  to: number;
  startDate: string;
  endDate: string;
}

export interface InvoiceUblInput {
  request: InvoiceRequest;
  totals: DocumentTotals;
  fullNumber: string;
  issuedAt: Date;
  range: UblNumberingRange;
  seller: SandboxSeller;
  cufe: string;
  qrUrl: string;
}

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
} as const;

const DIAN = { schemeAgencyID: '195', schemeAgencyName: 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)' };
const DIAN_NIT = { nit: '800197268', dv: '4' };
// Fixed identifier of the sandbox as "software"; a real provider gets one from DIAN's habilitación portal.
const SANDBOX_SOFTWARE_ID = '0d6c1f1e-5b7a-4c53-9f3e-6d2b8a4e7c10';
const NIT_IDENTIFICATION_TYPE = '31';
const COP = { currencyID: 'COP' };

type Attrs = Record<string, string | undefined>;

// Characters XML 1.0 forbids even when escaped; a pasted product name must not make the invoice unparseable.
const NOT_XML_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHARACTERS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** One element; `content` is either escaped text or already-built child elements. */
function el(name: string, attrs: Attrs, content: string | string[]): string {
  const attrText = Object.entries(attrs)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  const inner = Array.isArray(content) ? content.join('') : escapeXml(content);
  return inner === '' ? `<${name}${attrText}/>` : `<${name}${attrText}>${inner}</${name}>`;
}

const text = (name: string, value: string | number, attrs: Attrs = {}) => el(name, attrs, String(value));
const money = (name: string, amount: string) => text(name, amount, COP);

/** A number from the request written out plainly (never "1e-7") with at least `minDecimals` decimals. */
function decimalText(value: number | string, minDecimals: number): string {
  const raw = new Decimal(String(value)).toFixed();
  const [whole, fraction = ''] = raw.split('.');
  const decimals = fraction.padEnd(minDecimals, '0');
  return decimals === '' ? `${whole}` : `${whole}.${decimals}`;
}

/** A taxes list grouped by tax code (DIAN: one TaxTotal per tax, one TaxSubtotal per rate). */
function taxTotals(taxes: ReadonlyArray<{ code: string; rate: string; taxable_amount: string; amount: string }>): string[] {
  const codes = [...new Set(taxes.map((tax) => tax.code))];
  return codes.map((code) =>
    el('cac:TaxTotal', {}, [
      money('cbc:TaxAmount', taxAmountForCode(taxes, code)),
      ...taxes
        .filter((tax) => tax.code === code)
        .map((tax) =>
          el('cac:TaxSubtotal', {}, [
            money('cbc:TaxableAmount', tax.taxable_amount),
            money('cbc:TaxAmount', tax.amount),
            el('cac:TaxCategory', {}, [
              text('cbc:Percent', decimalText(tax.rate, 2)),
              el('cac:TaxScheme', {}, [text('cbc:ID', code), text('cbc:Name', taxShortName(code))]),
            ]),
          ]),
        ),
    ]),
  );
}

function address(municipalityCode: string, line: string | null): string {
  return el('cac:Address', {}, [
    text('cbc:ID', municipalityCode),
    // DIVIPOLA: the first two digits are the department.
    text('cbc:CountrySubentityCode', municipalityCode.slice(0, 2)),
    line === null ? '' : el('cac:AddressLine', {}, [text('cbc:Line', line)]),
    el('cac:Country', {}, [text('cbc:IdentificationCode', 'CO'), text('cbc:Name', 'Colombia', { languageID: 'es' })]),
  ]);
}

/** The numbering authorization as the printed invoice states it. */
function resolutionText(range: UblNumberingRange): string {
  return `Resolución DIAN ${range.resolution} del ${range.resolutionDate}, prefijo ${range.prefix} del ${range.from} al ${range.to}, vigente del ${range.startDate} al ${range.endDate}`;
}

function dianExtensions(input: InvoiceUblInput): string {
  const { range, seller } = input;
  return el('sts:DianExtensions', {}, [
    el('sts:InvoiceControl', {}, [
      text('sts:InvoiceAuthorization', range.resolution),
      el('sts:AuthorizationPeriod', {}, [text('cbc:StartDate', range.startDate), text('cbc:EndDate', range.endDate)]),
      el('sts:AuthorizedInvoices', {}, [text('sts:Prefix', range.prefix), text('sts:From', range.from), text('sts:To', range.to)]),
    ]),
    el('sts:InvoiceSource', {}, [text('cbc:IdentificationCode', 'CO')]),
    el('sts:SoftwareProvider', {}, [
      text('sts:ProviderID', seller.nit, { ...DIAN, schemeID: seller.dv, schemeName: NIT_IDENTIFICATION_TYPE }),
      text('sts:SoftwareID', SANDBOX_SOFTWARE_ID, DIAN),
    ]),
    el('sts:AuthorizationProvider', {}, [
      text('sts:AuthorizationProviderID', DIAN_NIT.nit, { ...DIAN, schemeID: DIAN_NIT.dv, schemeName: NIT_IDENTIFICATION_TYPE }),
    ]),
    text('sts:QRCode', input.qrUrl),
  ]);
}

function supplierParty(seller: SandboxSeller, range: UblNumberingRange): string {
  const companyId = () => text('cbc:CompanyID', seller.nit, { ...DIAN, schemeID: seller.dv, schemeName: NIT_IDENTIFICATION_TYPE });
  return el('cac:AccountingSupplierParty', {}, [
    text('cbc:AdditionalAccountID', '1'), // persona jurídica
    el('cac:Party', {}, [
      el('cac:PartyName', {}, [text('cbc:Name', seller.name)]),
      el('cac:PhysicalLocation', {}, [address(seller.municipality_code, seller.address)]),
      el('cac:PartyTaxScheme', {}, [
        text('cbc:RegistrationName', seller.name),
        companyId(),
        text('cbc:TaxLevelCode', 'O-13', { listName: '48' }),
        el('cac:TaxScheme', {}, [text('cbc:ID', '01'), text('cbc:Name', 'IVA')]),
      ]),
      el('cac:PartyLegalEntity', {}, [
        text('cbc:RegistrationName', seller.name),
        companyId(),
        el('cac:CorporateRegistrationScheme', {}, [text('cbc:ID', range.prefix)]),
      ]),
      el('cac:Contact', {}, [text('cbc:ElectronicMail', seller.email)]),
    ]),
  ]);
}

function customerParty(customer: InvoiceRequest['customer']): string {
  // schemeName = identification type, schemeID = check digit.
  const idAttrs = { ...DIAN, schemeID: customer.dv, schemeName: customer.identification_type };
  return el('cac:AccountingCustomerParty', {}, [
    text('cbc:AdditionalAccountID', customer.person_type),
    el('cac:Party', {}, [
      el('cac:PartyIdentification', {}, [text('cbc:ID', customer.identification, idAttrs)]),
      el('cac:PartyName', {}, [text('cbc:Name', customer.name)]),
      el('cac:PhysicalLocation', {}, [address(customer.municipality_code, null)]),
      el('cac:PartyTaxScheme', {}, [
        text('cbc:RegistrationName', customer.name),
        text('cbc:CompanyID', customer.identification, idAttrs),
        // listName carries the regime (48/49); R-99-PN = "no aplica – otros", DIAN's default responsibility.
        text('cbc:TaxLevelCode', 'R-99-PN', { listName: customer.tax_regime }),
        el('cac:TaxScheme', {}, [text('cbc:ID', 'ZZ'), text('cbc:Name', 'No aplica')]),
      ]),
      el('cac:PartyLegalEntity', {}, [
        text('cbc:RegistrationName', customer.name),
        text('cbc:CompanyID', customer.identification, idAttrs),
      ]),
      el('cac:Contact', {}, [text('cbc:ElectronicMail', customer.email)]),
    ]),
  ]);
}

function invoiceLine(index: number, item: InvoiceRequest['items'][number], amounts: LineAmounts): string {
  return el('cac:InvoiceLine', {}, [
    text('cbc:ID', index + 1),
    text('cbc:InvoicedQuantity', decimalText(item.quantity, 0), { unitCode: item.unit_measure }),
    money('cbc:LineExtensionAmount', amounts.line_amount),
    el('cac:AllowanceCharge', {}, [
      text('cbc:ID', '1'),
      text('cbc:ChargeIndicator', 'false'),
      text('cbc:AllowanceChargeReason', 'Descuento'),
      text('cbc:MultiplierFactorNumeric', decimalText(item.discount_rate, 2)),
      money('cbc:Amount', amounts.discount),
      money('cbc:BaseAmount', amounts.base),
    ]),
    ...taxTotals(amounts.taxes),
    el('cac:Item', {}, [
      text('cbc:Description', item.name),
      el('cac:SellersItemIdentification', {}, [text('cbc:ID', item.code)]),
    ]),
    el('cac:Price', {}, [
      money('cbc:PriceAmount', decimalText(item.price, 2)),
      text('cbc:BaseQuantity', '1', { unitCode: item.unit_measure }),
    ]),
  ]);
}

/**
 * A UBL 2.1 Invoice shaped as DIAN's "Anexo técnico factura electrónica de venta" asks, unsigned:
 * the second UBLExtension keeps an empty ExtensionContent where signInvoiceXml puts the ds:Signature.
 * Every amount comes from `totals` (shared/money); nothing is recomputed here.
 */
export function buildInvoiceUbl(input: InvoiceUblInput): string {
  const { request, totals } = input;
  if (totals.lines.length !== request.items.length) {
    throw new Error(`totals have ${totals.lines.length} lines for ${request.items.length} items`);
  }
  const { date, time } = colombiaDateTime(input.issuedAt);
  const root = el(
    'Invoice',
    {
      xmlns: NS.invoice,
      'xmlns:cac': NS.cac,
      'xmlns:cbc': NS.cbc,
      'xmlns:ds': NS.ds,
      'xmlns:ext': NS.ext,
      'xmlns:sts': NS.sts,
    },
    [
      el('ext:UBLExtensions', {}, [
        el('ext:UBLExtension', {}, [el('ext:ExtensionContent', {}, [dianExtensions(input)])]),
        el('ext:UBLExtension', {}, [el('ext:ExtensionContent', {}, [])]),
      ]),
      text('cbc:UBLVersionID', 'UBL 2.1'),
      text('cbc:CustomizationID', '10'),
      text('cbc:ProfileID', 'DIAN 2.1: Factura Electrónica de Venta'),
      text('cbc:ProfileExecutionID', '2'),
      text('cbc:ID', input.fullNumber),
      // Honest scheme name: the sandbox CUFE is SHA-256, not DIAN's SHA-384.
      text('cbc:UUID', input.cufe, { schemeID: '2', schemeName: 'CUFE-SHA256' }),
      text('cbc:IssueDate', date),
      text('cbc:IssueTime', time),
      text('cbc:InvoiceTypeCode', '01'),
      text('cbc:Note', resolutionText(input.range)),
      text('cbc:Note', `Referencia ${request.reference_code}`),
      text('cbc:DocumentCurrencyCode', 'COP'),
      text('cbc:LineCountNumeric', request.items.length),
      supplierParty(input.seller, input.range),
      customerParty(request.customer),
      el('cac:PaymentMeans', {}, [
        text('cbc:ID', request.payment.form_code),
        text('cbc:PaymentMeansCode', request.payment.means_code),
      ]),
      ...taxTotals(totals.taxes),
      el('cac:LegalMonetaryTotal', {}, [
        money('cbc:LineExtensionAmount', totals.line_extension),
        // Sandbox simplification: every line counts as taxable base (DIAN leaves untaxed lines out).
        money('cbc:TaxExclusiveAmount', totals.line_extension),
        money('cbc:TaxInclusiveAmount', totals.payable),
        // Discounts here are per line and already inside LineExtensionAmount; the document-level
        // allowance total (DIAN rule: Payable = TaxInclusive − AllowanceTotal) is therefore zero.
        money('cbc:AllowanceTotalAmount', '0.00'),
        money('cbc:PayableAmount', totals.payable),
      ]),
      ...request.items.map((item, index) => invoiceLine(index, item, totals.lines[index]!)),
    ],
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}`;
}
