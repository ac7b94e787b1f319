/**
 * A bridge error in the cashier's language: a lead sentence for its code, then why (its reason code), the fields
 * and the service's own words. The core's per-field messages and sentences are English (zod rules, handlers); the
 * known ones become a sentence of the chosen language. A field message nobody knows stays as it came (the schema
 * walk in test/unit/renderer/core-messages-spanish.test.ts keeps that list empty); a whole sentence nobody knows is
 * left out of a Spanish screen (`untranslatedDetail`). Pure: the caller passes the dictionary.
 */
import type { BridgeError } from '../../shared/bridge/contract';
import type { CounterMessages } from '../i18n/messages';

type Rule = [RegExp, (t: CounterMessages, match: RegExpMatchArray) => string];

/** An amount the core wrote in English ("$11,900.50") in the chosen language's pesos; other text as it came. */
const money = (text: string | undefined, t: CounterMessages): string => {
  const amount = /^\$([\d,]+(?:\.\d+)?)$/.exec(text?.trim() ?? '')?.[1]?.replace(/,/g, '');
  return amount === undefined ? text ?? '' : t.money(amount);
};

// The messages written in shared/bridge/contract.ts, shared/api/invoice-request.ts and the core's handlers.
const RULES: readonly Rule[] = [
  [/^is required$/, (t) => t.fieldRules.required],
  [/^must not be empty$/, (t) => t.fieldRules.notEmpty],
  [/^must be a valid e-mail address$/, (t) => t.fieldRules.email],
  [/^must be a 5-digit (?:municipality|DIVIPOLA) code$/, (t) => t.fieldRules.municipality],
  [/^(?:must be a single digit|the check digit is one digit)$/, (t) => t.fieldRules.singleDigit],
  [/^the check digit does not match NIT (\d+)$/, (t, m) => t.fieldRules.dvMismatch(m[1] ?? '')],
  [/^the business name is required$/, (t) => t.fieldRules.businessName],
  [/^the NIT must be 5 to 15 digits, without the check digit$/, (t) => t.fieldRules.nit],
  [/^must be a URL such as \S+$/, (t) => t.fieldRules.url],
  [/^must start with fc_$/, (t) => t.fieldRules.clientId],
  [/^(?:must be a numbering range id|must be a UUID)$/, (t) => t.fieldRules.rangeId],
  [/^is not one of the invoice numbering ranges of the service$/, (t) => t.fieldRules.unknownRange],
  [/^must be greater than 0$/, (t) => t.fieldRules.positive],
  [/^must be 0 or greater$/, (t) => t.fieldRules.notNegative],
  [/^must be between 0 and 100$/, (t) => t.fieldRules.percentage],
  [/^must contain at least one item$/, (t) => t.fieldRules.atLeastOneItem],
  [/^must be (?:a string|a number|a finite number|an object|an array)$/, (t) => t.fieldRules.wrongType],
  [/^Too big: expected string to have <=(\d+) characters$/, (t, m) => t.fieldRules.tooLong(m[1] ?? '')],
  [/^property (.+) should not exist$/, (t, m) => t.fieldRules.unknownProperty(m[1] ?? '')],
  // shared/field-rules.ts, shared/sale-input.ts, shared/nit.ts (the limits of shared/limits.ts)
  [/^must be at most ([\d ]+) characters$/, (t, m) => t.fieldRules.atMostChars(m[1] ?? '')],
  [/^must not contain control characters$/, (t) => t.fieldRules.controlCharacters],
  [/^must be an? [a-z ]+ code \((.+)\)$/, (t, m) => t.fieldRules.codeFromList(m[1] ?? '')],
  [/^must be from ([\d .]+) to ([\d .]+)$/, (t, m) => t.fieldRules.range(m[1] ?? '', m[2] ?? '')],
  [/^must be greater than 0 and at most ([\d .]+)$/, (t, m) => t.fieldRules.aboveZero(m[1] ?? '')],
  [/^must have at most (\d+) decimals$/, (t, m) => t.fieldRules.decimals(m[1] ?? '')],
  [/^must be a whole number$/, (t) => t.fieldRules.wholeNumber],
  [/^tax (\S+) is already on this line; each tax at most once$/, (t, m) => t.fieldRules.taxTwice(m[1] ?? '')],
  [/^must have at most (\d+) taxes$/, (t, m) => t.fieldRules.tooManyTaxes(m[1] ?? '')],
  [/^must have at most (\d+) lines; split the sale in two$/, (t, m) => t.fieldRules.tooManyLines(m[1] ?? '')],
  [/^would make an invoice of \d+ bytes, more than the (\d+) allowed; split the sale in two$/, (t, m) => t.fieldRules.tooManyBytes(m[1] ?? '')],
  [/^the check digit does not match number (\w+)$/, (t, m) => t.fieldRules.numberDvMismatch(m[1] ?? '')],
  [/^must be 3 to 15 digits$/, (t) => t.fieldRules.identificationDigits],
  [/^must be 3 to 20 letters or digits$/, (t) => t.fieldRules.identificationLetters],
  [/^a NIT is 5 to 15 digits, without the check digit$/, (t) => t.fieldRules.nitDigits],
  [/^must contain at least one line$/, (t) => t.fieldRules.atLeastOneItem],
  // shared/service-url.ts, the wrong types and the internal ids of shared/open-sale.ts (only a faulty caller sends those)
  [/^must start with https:\/\/ \(http:\/\/ is only allowed for this computer/, (t) => t.fieldRules.notHttps],
  [/^must be (?:text|an? [a-z ]+ code)$/, (t) => t.fieldRules.wrongType],
  [/^Invalid input(?:: expected \w+, received \w+)?$/, (t) => t.fieldRules.wrongType],
  [/^(?:must be a line id|must be 1 to 32 lowercase letters, digits or "-")$/, (t) => t.fieldRules.internalId],
  // electron/core/app/connection-check.ts: the token request made before a connection is saved
  [/^the service refused these credentials$/, (t) => t.fieldRules.credentialsRefused],
  [/^is only for a cash payment/, (t) => t.fieldRules.cashOnly],
  [/^must be at least (.+), the amount due in cash \((.+) missing\)$/, (t, m) => t.fieldRules.cashShort(money(m[1], t), money(m[2], t))],
  [/^could not be reached$/, (t) => t.fieldRules.unreachable],
  [/^did not answer like an invoicing service$/, (t) => t.fieldRules.notAService],
  // electron/core/app/shop-server-handlers.ts: the till's name is the shop server's to decide (issue 26)
  [/^till (\d+) is already named "(.+)"; choose another name$/, (t, m) => t.fieldRules.tillNameTaken(m[1] ?? '', m[2] ?? '')],
  [/^another till of the shop has this name; choose another name$/, (t) => t.fieldRules.tillNameTakenSomeone],
  [/^the shop server could not be reached; the name was not changed$/, (t) => t.fieldRules.tillRenameAway],
  // electron/core/app/void-lookup.ts: a void of a sale the service may hold
  [/^may be held by the invoicing service, which could not be asked/, (t) => t.voidRules.notAsked],
  [/^is held by the invoicing service \(document [^)]*\); it was not voided$/, (t) => t.voidRules.held],
  // electron/core/people and app/people-handlers.ts
  [/^is not the right PIN$/, (t) => t.peopleRules.wrongPin],
  [/^is not an owner's PIN$/, (t) => t.peopleRules.notOwnerPin],
  [/^too many wrong PINs; paused until (\S+)$/, (t, m) => t.peopleRules.pinLocked(Date.parse(m[1] ?? ''))],
  [/^an owner's PIN is needed for this action$/, (t) => t.peopleRules.needsOwnerPin],
  [/^differs from the catalog; an owner must approve the change$/, (t) => t.peopleRules.priceNeedsOwner],
  [/^is above the (\d+(?:\.\d+)?) % a cashier may give alone; an owner must approve it$/, (t, m) => t.peopleRules.discountNeedsOwner(m[1] ?? '')],
  [/^nobody is signed in; choose who is selling$/, (t) => t.peopleRules.nobodySelling],
  // electron/core/app/people-handlers.ts and shared/shift.ts: a charge with no shift open (issue 26)
  [/^no shift is open; open one to charge$/, (t) => t.shiftRules.openToCharge],
  [/^no shift is open; open one in Turnos to sell$/, (t) => t.shiftRules.openInShifts],
  [/^must be ask or refuse$/, (t) => t.shiftRules.ruleChoice],
  [/^the first person set up must be an owner$/, (t) => t.fieldRules.firstPersonOwner],
  [/^at least one active owner must remain$/, (t) => t.fieldRules.lastOwner],
  // shared/people.ts, shared/product.ts, shared/printer.ts and zod's own words for the rest (issue 17)
  [/^must be (\d+) to (\d+) digits$/, (t, m) => t.fieldRules.pinDigits(m[1] ?? '', m[2] ?? '')],
  [/^is required for a new person$/, (t) => t.fieldRules.pinForNewPerson],
  [/^barcode (\S+) is listed twice$/, (t, m) => t.fieldRules.barcodeTwice(m[1] ?? '')],
  [/^must have at most (\d+) barcodes$/, (t, m) => t.fieldRules.tooManyBarcodes(m[1] ?? '')],
  [/^must not start or end with a space$/, (t) => t.fieldRules.noEdgeSpaces],
  [/^must not contain spaces$/, (t) => t.fieldRules.noSpaces],
  [/^must be a host name or an IP address/, (t) => t.fieldRules.printerHost],
  [/^must be the print queue name/, (t) => t.fieldRules.printerQueue],
  // No receipt printer set up (printing-handlers.ts): the field is the printer's kind.
  [/^choose a network printer or a printer of this computer$/, (t) => t.fieldRules.choosePrinter],
  [/^must be an? [a-z ]+ id$/, (t) => t.fieldRules.internalId],
  [/^must be [\w" ,]+ or [\w"]+$/, (t) => t.fieldRules.optionFromList],
  [/^Invalid option: expected one of /, (t) => t.fieldRules.optionFromList],
  [/^Too small: expected number to be >0$/, (t) => t.fieldRules.positive],
  [/^Too small: expected number to be >=0$/, (t) => t.fieldRules.notNegative],
  [/^Too small: expected (?:string|array) to have >=1 (?:characters|items)$/, (t) => t.fieldRules.atLeastOne],
  // A catalog file handed over as an upload (shared/bridge/contract.ts, catalog-handlers.ts, core/uploads/upload-store.ts)
  [/^the file is no longer here/, (t) => t.fieldRules.uploadGone],
  [/^(?:must be the token of an uploaded file|give the file either inline or as an upload)$/, (t) => t.fieldRules.wrongType],
  [/^the file is larger than (\d+) bytes$/, (t, m) => t.importFileTooLarge(Number(m[1]).toLocaleString('es-CO'))],
];

// Whole sentences of the core's handlers and store (electron/core), for calls that fail without a field.
const SENTENCES: readonly Rule[] = [
  [/^There is no (sale|product|customer|shift|person|parked sale) (.+)\.$/, (t, m) => t.coreSaid.notFound(t.coreSaid.things[m[1] ?? ''] ?? '', m[2] ?? '')],
  [/^There is already a person called (.+)\.$/, (t, m) => t.coreSaid.personNameTaken(m[1] ?? '')],
  [/^There are already (\d+) parked sales/, (t, m) => t.coreSaid.tooManyParked(m[1] ?? '')],
  [/^No receipt printer is set up/, (t) => t.coreSaid.noPrinter],
  [/^(\d+) print jobs are already waiting/, (t, m) => t.coreSaid.printJobsWaiting(m[1] ?? '')],
  [/^No shift is open at this till\.$/, (t) => t.coreSaid.noShiftOpen],
  [/^Shift (\d+) is already open/, (t, m) => t.coreSaid.shiftAlreadyOpen(m[1] ?? '')],
  [/^Shift (\d+) is already closed\.$/, (t, m) => t.coreSaid.shiftAlreadyClosed(m[1] ?? '')],
  [/^The file has no customers to import\.$/, (t) => t.coreSaid.fileNoCustomers],
  [/^That person is not set up at this till/, (t) => t.coreSaid.personNotActive],
  [/^The invoicing service connection is starting/, (t) => t.coreSaid.serviceStarting],
  [/^Something went wrong inside Mostrador/, (t) => t.coreSaid.somethingWrong],
  [/^Saving a PDF from here is not available/, (t) => t.pdfByPrinting],
];

/** A sentence of the core in the chosen language, or what the dictionary does with one it does not know. */
export function localizeCoreSentence(message: string, t: CounterMessages): string {
  for (const [pattern, say] of SENTENCES) {
    const match = message.trim().match(pattern);
    if (match) return say(t, match);
  }
  return t.untranslatedDetail(message.trim());
}

export function localizeFieldMessage(message: string, t: CounterMessages): string {
  for (const [pattern, say] of RULES) {
    const match = message.trim().match(pattern);
    if (match) return say(t, match);
  }
  return message;
}

/** Per-field messages keyed as the core sent them ("seller.nit"), each in the chosen language. */
export function localizeFields(fields: Record<string, string> | undefined, t: CounterMessages): Record<string, string> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([path, message]) => [path, localizeFieldMessage(message, t)]));
}

const known = <T extends object>(table: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(table, key);

/**
 * "customer.email" → "correo electrónico del cliente"; "items.0.price" → "precio de la línea 1"; "ownerOverride.pin"
 * → "PIN del dueño"; a path without words is '' (a screen never shows "pin:" or "settings.connection.kind:").
 */
export function fieldLabel(path: string, t: CounterMessages): string {
  const parts = path.split('.');
  const leaf = parts[parts.length - 1] ?? path;
  if (!known(t.fieldNames, leaf)) return '';
  const name = t.fieldNames[leaf];
  const [owner, index] = parts;
  if (parts.length === 3 && owner === 'items' && index !== undefined && /^\d+$/.test(index)) return t.fieldInLine(name, Number(index) + 1);
  if (parts.length === 2 && owner !== undefined && known(t.fieldOwners, owner)) return t.fieldOf(name, t.fieldOwners[owner]);
  return name;
}

const labelled = (path: string, message: string, t: CounterMessages): string => {
  const label = path ? fieldLabel(path, t) : '';
  const said = localizeFieldMessage(message, t);
  return label ? `${label}: ${said}` : said;
};

export function describeBridgeError(error: BridgeError, t: CounterMessages): string {
  const service = error.serviceMessage?.trim() ? t.serviceSaid(error.serviceMessage.trim()) : '';
  // A person's PIN in pause (PIN_LOCKED) says only that: "the owner is needed" would be wrong for a cashier's own PIN.
  if (error.code === 'FORBIDDEN' && error.reason === 'PIN_LOCKED' && error.fields) {
    return Object.values(error.fields).map((message) => localizeFieldMessage(message, t)).join('; ');
  }
  // A refusal of the till's people names its field; a page without its bridge key (the other FORBIDDEN) names none.
  if (error.code === 'FORBIDDEN' && error.fields) {
    const said = Object.entries(error.fields).map(([path, message]) =>
      (path.startsWith('items.') ? `${fieldLabel(path, t)}: ` : '') + localizeFieldMessage(message, t));
    return [t.notAllowed, said.join('; ')].join(' ');
  }
  const lead = t.bridgeErrors[error.code] ?? '';
  const reason = error.reason !== undefined && Object.hasOwn(t.bridgeReasons, error.reason) ? t.bridgeReasons[error.reason] ?? '' : '';
  const fields = Object.entries(error.fields ?? {});
  const detail = fields.length > 0
    ? fields.map(([path, message]) => labelled(path, message, t)).join('; ')
    : reason === '' ? localizeCoreSentence(error.message, t) : '';
  return [lead, reason, detail, service].filter((part) => part !== '').join(' ');
}
