import { DOMParser, onWarningStopParsing, type Document, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { calculateTotals } from '../../../shared/money';
import { buildInvoiceUbl } from '../../../sandbox/ubl';
import { REQUEST, TOTALS, ublInput } from './invoice-fixture';

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
};

function parse(xml: string): Document {
  return new DOMParser().parseFromString(xml, 'text/xml');
}

/** Direct children of `parent` with this namespace and local name. */
function children(parent: Element, ns: string, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node !== null; node = node.nextSibling) {
    const element = node as Element;
    if (node.nodeType === 1 && element.namespaceURI === ns && element.localName === name) found.push(element);
  }
  return found;
}

/** Follows a path of direct children, each step "prefix:Name"; the path must be unambiguous. */
function at(parent: Element, path: string): Element {
  let current = parent;
  for (const step of path.split('/')) {
    const [prefix, name] = step.split(':') as [keyof typeof NS, string];
    const found = children(current, NS[prefix], name);
    if (found.length !== 1) throw new Error(`${step} found ${found.length} times under ${current.tagName}`);
    current = found[0]!;
  }
  return current;
}

const textAt = (parent: Element, path: string) => at(parent, path).textContent;

describe('buildInvoiceUbl', () => {
  const xml = buildInvoiceUbl(ublInput());
  const root = parse(xml).documentElement!;

  it('is a UBL 2.1 Invoice in the DIAN profile with number, CUFE, date and type', () => {
    expect(root.namespaceURI).toBe(NS.invoice);
    expect(root.localName).toBe('Invoice');
    expect(textAt(root, 'cbc:UBLVersionID')).toBe('UBL 2.1');
    expect(textAt(root, 'cbc:CustomizationID')).toBe('10');
    expect(textAt(root, 'cbc:ProfileExecutionID')).toBe('2');
    expect(textAt(root, 'cbc:ID')).toBe('SETP990000001');
    const uuid = at(root, 'cbc:UUID');
    expect(uuid.textContent).toBe('a'.repeat(64));
    expect(uuid.getAttribute('schemeName')).toBe('CUFE-SHA256');
    expect(textAt(root, 'cbc:IssueDate')).toBe('2024-03-09');
    expect(textAt(root, 'cbc:IssueTime')).toBe('14:05:09-05:00');
    expect(textAt(root, 'cbc:InvoiceTypeCode')).toBe('01');
    expect(children(root, NS.cbc, 'Note')[0]!.textContent).toBe(
      'Resolución DIAN 18760000001 del 2019-01-19, prefijo SETP del 990000000 al 995000000, vigente del 2019-01-19 al 2030-01-19',
    );
    expect(textAt(root, 'cbc:DocumentCurrencyCode')).toBe('COP');
    expect(textAt(root, 'cbc:LineCountNumeric')).toBe('2');
  });

  it('carries the numbering authorization, software provider and QR in the DIAN extension, and an empty slot for the signature', () => {
    const extensions = children(at(root, 'ext:UBLExtensions'), NS.ext, 'UBLExtension');
    expect(extensions).toHaveLength(2);
    const dian = at(extensions[0]!, 'ext:ExtensionContent/sts:DianExtensions');
    expect(textAt(dian, 'sts:InvoiceControl/sts:InvoiceAuthorization')).toBe('18760000001');
    expect(textAt(dian, 'sts:InvoiceControl/sts:AuthorizationPeriod/cbc:StartDate')).toBe('2019-01-19');
    expect(textAt(dian, 'sts:InvoiceControl/sts:AuthorizationPeriod/cbc:EndDate')).toBe('2030-01-19');
    expect(textAt(dian, 'sts:InvoiceControl/sts:AuthorizedInvoices/sts:Prefix')).toBe('SETP');
    expect(textAt(dian, 'sts:InvoiceControl/sts:AuthorizedInvoices/sts:From')).toBe('990000000');
    expect(textAt(dian, 'sts:InvoiceControl/sts:AuthorizedInvoices/sts:To')).toBe('995000000');
    expect(textAt(dian, 'sts:SoftwareProvider/sts:ProviderID')).toBe('900373115');
    expect(textAt(dian, 'sts:QRCode')).toBe(ublInput().qrUrl);
    const slot = at(extensions[1]!, 'ext:ExtensionContent');
    expect(slot.childNodes.length).toBe(0);
  });

  it('writes the document totals exactly as shared/money computed them', () => {
    const totals = at(root, 'cac:LegalMonetaryTotal');
    expect(textAt(totals, 'cbc:LineExtensionAmount')).toBe(TOTALS.line_extension);
    expect(textAt(totals, 'cbc:TaxInclusiveAmount')).toBe(TOTALS.payable);
    expect(textAt(totals, 'cbc:PayableAmount')).toBe(TOTALS.payable);
    expect(at(totals, 'cbc:PayableAmount').getAttribute('currencyID')).toBe('COP');
    // Hand-checked figures, so a fault shared by money.ts and this builder still shows.
    expect(TOTALS.line_extension).toBe('15074.35');
    expect(TOTALS.payable).toBe('17168.48');
  });

  it('writes one TaxTotal per tax with its taxable amount, amount and percent', () => {
    const taxTotals = children(root, NS.cac, 'TaxTotal');
    expect(taxTotals).toHaveLength(2);
    const read = taxTotals.map((total) => ({
      total: textAt(total, 'cbc:TaxAmount'),
      code: textAt(total, 'cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID'),
      name: textAt(total, 'cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:Name'),
      taxable: textAt(total, 'cac:TaxSubtotal/cbc:TaxableAmount'),
      amount: textAt(total, 'cac:TaxSubtotal/cbc:TaxAmount'),
      percent: textAt(total, 'cac:TaxSubtotal/cac:TaxCategory/cbc:Percent'),
    }));
    expect(read).toEqual([
      { total: '1534.13', code: '01', name: 'IVA', taxable: '8074.35', amount: '1534.13', percent: '19.00' },
      { total: '560.00', code: '04', name: 'INC', taxable: '7000.00', amount: '560.00', percent: '8.00' },
    ]);
    expect(read.map((r) => r.amount)).toEqual(TOTALS.taxes.map((group) => group.amount));
  });

  it('groups several rates of one tax under a single TaxTotal whose amount is their sum', () => {
    const request = {
      ...REQUEST,
      items: [
        { ...REQUEST.items[0]!, taxes: [{ code: '01', rate: 19 }] },
        { ...REQUEST.items[1]!, taxes: [{ code: '01', rate: 5 }] },
      ],
    };
    const totals = calculateTotals(request.items);
    const doc = parse(buildInvoiceUbl(ublInput({ request, totals }))).documentElement!;
    const taxTotals = children(doc, NS.cac, 'TaxTotal');
    expect(taxTotals).toHaveLength(1);
    expect(textAt(taxTotals[0]!, 'cbc:TaxAmount')).toBe('1884.13'); // 1534.13 + 350.00
    expect(children(taxTotals[0]!, NS.cac, 'TaxSubtotal')).toHaveLength(2);
  });

  it('writes one InvoiceLine per item with quantity, amounts, discount, tax, description and price', () => {
    const lines = children(root, NS.cac, 'InvoiceLine');
    expect(lines).toHaveLength(2);
    const first = lines[0]!;
    expect(textAt(first, 'cbc:ID')).toBe('1');
    expect(textAt(first, 'cbc:InvoicedQuantity')).toBe('3');
    expect(at(first, 'cbc:InvoicedQuantity').getAttribute('unitCode')).toBe('94');
    expect(textAt(first, 'cbc:LineExtensionAmount')).toBe(TOTALS.lines[0]!.line_amount);
    expect(textAt(first, 'cac:AllowanceCharge/cbc:ChargeIndicator')).toBe('false');
    expect(textAt(first, 'cac:AllowanceCharge/cbc:MultiplierFactorNumeric')).toBe('10.00');
    expect(textAt(first, 'cac:AllowanceCharge/cbc:Amount')).toBe('897.15');
    expect(textAt(first, 'cac:AllowanceCharge/cbc:BaseAmount')).toBe('8971.50');
    expect(textAt(first, 'cac:TaxTotal/cbc:TaxAmount')).toBe('1534.13');
    expect(textAt(first, 'cac:Item/cbc:Description')).toBe('Arroz & frijol <500 g>');
    expect(textAt(first, 'cac:Item/cac:SellersItemIdentification/cbc:ID')).toBe('ARZ-500');
    expect(textAt(first, 'cac:Price/cbc:PriceAmount')).toBe('2990.50');
    expect(textAt(lines[1]!, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID')).toBe('04');
    expect(textAt(lines[1]!, 'cbc:LineExtensionAmount')).toBe('7000.00');
  });

  it('escapes &, <, > and quotes in names so the document stays well-formed and the text survives', () => {
    expect(xml).toContain('Café &amp; Panadería &lt;La 14&gt; &quot;Sur&quot;');
    const party = at(root, 'cac:AccountingCustomerParty/cac:Party');
    expect(textAt(party, 'cac:PartyName/cbc:Name')).toBe('Café & Panadería <La 14> "Sur"');
  });

  it('drops control characters XML cannot carry, so a pasted name never breaks the document', () => {
    const request = { ...REQUEST, items: [{ ...REQUEST.items[0]!, name: 'Arroz\u0007 premium\u0000' }, REQUEST.items[1]!] };
    const strict = new DOMParser({ onError: onWarningStopParsing });
    const doc = strict.parseFromString(buildInvoiceUbl(ublInput({ request })), 'text/xml').documentElement!;
    expect(textAt(children(doc, NS.cac, 'InvoiceLine')[0]!, 'cac:Item/cbc:Description')).toBe('Arroz premium');
  });

  it('identifies the buyer with identification type as schemeName, the check digit as schemeID, person type and regime', () => {
    const customer = at(root, 'cac:AccountingCustomerParty');
    expect(textAt(customer, 'cbc:AdditionalAccountID')).toBe('1');
    const companyId = at(customer, 'cac:Party/cac:PartyTaxScheme/cbc:CompanyID');
    expect(companyId.textContent).toBe('213123435');
    expect(companyId.getAttribute('schemeName')).toBe('31');
    expect(companyId.getAttribute('schemeID')).toBe('1');
    expect(at(customer, 'cac:Party/cac:PartyTaxScheme/cbc:TaxLevelCode').getAttribute('listName')).toBe('48');
    expect(textAt(customer, 'cac:Party/cac:PhysicalLocation/cac:Address/cbc:ID')).toBe('05001');
    expect(textAt(customer, 'cac:Party/cac:Contact/cbc:ElectronicMail')).toBe('compras@cafe.test');
  });

  it('identifies the seller by NIT and DV, name and municipality; payment form and means go in PaymentMeans', () => {
    const seller = at(root, 'cac:AccountingSupplierParty/cac:Party');
    const companyId = at(seller, 'cac:PartyTaxScheme/cbc:CompanyID');
    expect(companyId.textContent).toBe('900373115');
    expect(companyId.getAttribute('schemeID')).toBe('3');
    expect(textAt(seller, 'cac:PartyName/cbc:Name')).toBe('Tienda de Prueba S.A.S.');
    expect(textAt(seller, 'cac:PhysicalLocation/cac:Address/cbc:ID')).toBe('11001');
    expect(textAt(root, 'cac:PaymentMeans/cbc:ID')).toBe('1');
    expect(textAt(root, 'cac:PaymentMeans/cbc:PaymentMeansCode')).toBe('10');
  });

  it('refuses totals that do not belong to the items', () => {
    expect(() => buildInvoiceUbl(ublInput({ totals: { ...TOTALS, lines: TOTALS.lines.slice(0, 1) } }))).toThrow(/1 lines for 2 items/);
  });
});
