/**
 * Every message the shared input schemas can answer reaches a screen through bridge-error-text.ts; each must have
 * a Spanish wording. The messages are collected by walking the schemas with hostile values at every field (what
 * the core really answers), and a scan of the modules' sources checks that the walk met every message they write.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBridgeInput, type BridgeMethod } from '../../../shared/bridge/contract';
import { consumidorFinal } from '../../../shared/customer';
import { tillDefaultsSchema } from '../../../shared/seller';
import { localizeFieldMessage } from '../../../renderer/bridge/bridge-error-text';
import { counterMessagesFor as messagesFor } from '../../../renderer/i18n/counter-text';
import { loadMessages } from '../../../renderer/i18n/messages';
import { checkConnection } from '../../../renderer/settings/settings-checks';

// English is its own chunk in the app; here it is loaded once, as a till set to English does at start.
await loadMessages('en');

const es = messagesFor('es-CO');
const SOURCES = [
  'shared/field-rules.ts', 'shared/sale-input.ts', 'shared/sale-line-text.ts', 'shared/customer.ts', 'shared/seller.ts',
  'shared/open-sale.ts', 'shared/nit.ts', 'shared/api/field-problems.ts', 'shared/service-url.ts',
  // issue 17: the people, catalog, shift and printer forms reach the screen the same way ("pin: must be 4 to 8 digits")
  'shared/people.ts', 'shared/product.ts', 'shared/shift.ts', 'shared/printer.ts',
];
/** The per-field messages of the check made before a connection is saved (electron/core/app/connection-check.ts). */
const CONNECTION_CHECK_FIELDS = readFileSync('electron/core/app/connection-check.ts', 'utf8')
  .match(/(?:baseUrl|clientId|clientSecret): '[^']+'/g)?.map((m) => m.replace(/^\w+: '|'$/g, '')) ?? [];

const customer = consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '11001' });
const nitCustomer = { ...customer, identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: 'Tienda SAS', tax_regime: '48' };
const passportCustomer = { ...customer, identification_type: '41', identification: 'AB123456', dv: '0' };
const line = { code: 'P-1', name: 'Leche', quantity: 1, unit_measure: '94', price: 4200, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] };
const payment = { form_code: '1', means_code: '10' };
const draftLine = { id: 'line-1', code: 'P-1', name: 'Leche', unitMeasure: '94', quantity: '1', price: '4200', discountRate: '0', tax: { code: '01', rate: '19' } };
const product = {
  code: 'P-1', name: 'Leche', barcodes: ['7701'], unitMeasure: '94', priceEntry: 'shelf', price: 4200,
  tax: { code: '01', rate: 19 }, discountRate: 0, category: null, active: true, acceptDifference: false,
};
const printerSettings = (kind: 'network' | 'os') => ({
  connection: kind === 'network' ? { kind, host: '192.168.1.50', port: 9100 } : { kind, queue: 'EPSON' },
  codePage: 'cp858', qr: 'native', statusCheck: true, printOnValidation: true, printAtCharge: false, drawerOnCash: true,
});
const seller = {
  name: 'Tienda', nit: '900373115', dv: '3', address: 'Calle 1', phone: '300', email: 'caja@tienda.example.co',
  municipalityCode: '11001', resolutionText: 'Resolución 1',
};

const SAMPLES: Array<[BridgeMethod, unknown]> = [
  ['sales.charge', { customer, items: [line], payment, openSaleSlot: 'counter' }],
  ['sales.charge', { customer: nitCustomer, items: [line], payment }],
  ['sales.charge', { customer, items: [line], payment, cash: { received: 10000 } }],
  ['sales.charge', { customer, items: [line], payment: { form_code: '1', means_code: '48' }, cash: { received: 10000 } }],
  ['sales.charge', { customer: passportCustomer, items: [line], payment }],
  ['customers.save', { customer }],
  ['openSale.save', { slot: 'counter', draft: { lines: [draftLine], customer, payment } }],
  ['settings.save', { seller, defaultEmail: 'caja@tienda.example.co', defaultMunicipalityCode: '11001', printerName: 'EPSON', rateShare: 50, shiftRule: 'ask' }],
  ['settings.saveConnection', { baseUrl: 'https://api.example.com', clientId: 'fc_x', clientSecret: 's' }],
  ['people.signIn', { personId: 1, pin: '1234' }],
  ['people.save', { person: { id: 1, name: 'Ana', role: 'owner', pin: '1234', active: true }, ownerOverride: { pin: '9876' } }],
  ['people.save', { person: { name: 'Beto', role: 'cashier' } }],
  ['people.approveLine', { slot: 'counter', code: 'P-1', ownerOverride: { pin: '9876' } }],
  ['catalog.save', { product, mode: 'create' }],
  ['catalog.save', { product: { ...product, barcodes: ['7701', '7701'] }, mode: 'update' }],
  ['shifts.open', { openingCash: 100000 }],
  ['shifts.close', { shiftId: 1, count: { bills: { 50000: 2 }, coins: { 500: 1 } } }],
  ['shifts.unsentAlert', { minutes: 30 }],
  ['printer.save', { settings: printerSettings('network') }],
  ['printer.save', { settings: printerSettings('os') }],
];

const BAD: unknown[] = [
  undefined, null, '', '   ', ' a', 'a b', 'x'.repeat(2000), 'a\u0007b', 'zz', '12', '12345', '5', 'AB', 'A-1', '1'.repeat(18), '\ud800',
  0, -0, -1, 1.5, 1e15, 0.0001, 12.345, 100.01, 100.00001, Number.NaN, Infinity, true, {}, [],
  'http://example.com', 'ftp://x', 'https://' + 'a'.repeat(400) + '.co',
];

type Json = unknown;
/** Every copy of `value` with one field (at any depth) replaced by `bad`, one unknown property added, or one list broken. */
function* mutations(value: Json): Generator<Json> {
  if (Array.isArray(value)) {
    yield [];
    yield Array.from({ length: 1000 }, () => value[0]);
    if (value.length > 0) yield [...value, value[0]];
    for (let i = 0; i < value.length; i += 1) {
      for (const m of mutations(value[i])) yield value.map((v, j) => (j === i ? m : v));
    }
    for (const bad of BAD) yield bad;
    return;
  }
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, Json>;
    yield { ...obj, extra: 1 };
    for (const key of Object.keys(obj)) {
      for (const m of mutations(obj[key])) yield { ...obj, [key]: m };
    }
    for (const bad of BAD) yield bad;
    return;
  }
  yield* BAD;
}

function collect(): Set<string> {
  const messages = new Set<string>();
  const add = (fields: Record<string, string> | undefined) => Object.values(fields ?? {}).forEach((m) => messages.add(m));
  for (const [method, sample] of SAMPLES) {
    for (const input of mutations(sample)) {
      const parsed = parseBridgeInput(method, input);
      if (!parsed.ok) add(parsed.error.fields);
    }
  }
  // A sale whose every field is right but whose body is too large (200 lines of long multi-byte names).
  const big = Array.from({ length: 200 }, () => ({ ...line, name: 'ñ'.repeat(200) }));
  const parsed = parseBridgeInput('sales.charge', { customer, items: big, payment });
  if (!parsed.ok) add(parsed.error.fields);
  // This till's defaults (the Settings form's schema).
  for (const input of mutations({ defaultEmail: 'caja@tienda.example.co', defaultMunicipalityCode: '11001', printerName: null })) {
    tillDefaultsSchema.safeParse(input).error?.issues.forEach((issue) => {
      if (issue.code !== 'unrecognized_keys') messages.add(issue.message); // the bridge words those itself
    });
  }
  return messages;
}

/** The message templates the modules write ('…' or `…${x}…`), as patterns. */
function writtenMessages(): Array<{ file: string; text: string; pattern: RegExp }> {
  const found: Array<{ file: string; text: string; pattern: RegExp }> = [];
  for (const file of SOURCES) {
    const source = readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '');
    for (const match of source.matchAll(/(['`])((?:must|is|the|a NIT|tax|would|at most)\b(?:(?!\1)[^\n])*)\1/g)) {
      const text = match[2] ?? '';
      if (/codeOf\([^)]*$/.test(source.slice(Math.max(0, (match.index ?? 0) - 40), match.index))) continue; // a list's name, not a message
      const pattern = new RegExp(`^${text.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`);
      found.push({ file, text, pattern });
    }
  }
  return found;
}

describe('every message the shared schemas can answer has Spanish words on the screen', () => {
  const messages = collect();

  it('the walk meets every message the modules write', () => {
    const all = [...messages];
    const unmet = writtenMessages().filter(({ pattern }) => !all.some((m) => pattern.test(m))).map(({ file, text }) => `${file}: ${text}`);
    expect(unmet).toEqual([]);
    expect(messages.size).toBeGreaterThan(30);
  });

  it('so has each field message of the connection check', () => {
    expect(CONNECTION_CHECK_FIELDS.length).toBeGreaterThanOrEqual(3);
    expect(CONNECTION_CHECK_FIELDS.filter((m) => localizeFieldMessage(m, es) === m)).toEqual([]);
  });

  it('bridge-error-text has a Spanish wording for each', () => {
    const untranslated = [...messages].filter((m) => localizeFieldMessage(m, es) === m).sort();
    expect(untranslated).toEqual([]);
  });
});

describe('an address that is not https, in the connection form', () => {
  const refused = parseBridgeInput('settings.saveConnection', { baseUrl: 'http://example.com', clientId: 'fc_x', clientSecret: 's' });
  const coreMessage = refused.ok ? '' : refused.error.fields?.baseUrl ?? '';

  it('is refused by the form itself and by the core, in Spanish and in English', () => {
    expect(checkConnection({ baseUrl: 'http://example.com', clientId: 'fc_x', clientSecret: 's' }).baseUrl).toBe('problemUrlNotHttps');
    expect(es.problemUrlNotHttps).toMatch(/^Debe empezar por https:\/\//);
    expect(messagesFor('en').problemUrlNotHttps).toMatch(/^Must start with https:\/\//);
    expect(localizeFieldMessage(coreMessage, es)).toMatch(/^debe empezar por https:\/\/ \(http:\/\/ solo para este equipo/);
    expect(localizeFieldMessage(coreMessage, messagesFor('en'))).toMatch(/^must start with https:\/\//);
  });
});
