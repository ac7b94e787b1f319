/** English words for the shop server (issue 20). */
import type { esShop } from './es-shop';
import type { esShopLine } from './es-shop-line';

const sales = (n: number) => `${n} ${n === 1 ? 'sale' : 'sales'}`;

export const enShop: typeof esShop & typeof esShopLine = {
  shopTitle: 'Shop server',
  shopIntro: 'With several tills, the shop server keeps one catalog, customers, people and every sale. This till keeps selling and invoicing when the server does not answer.',
  shopAddress: 'Server address',
  shopAddressHint: 'The one the server shows, e.g. 192.168.1.20:8443.',
  shopCode: 'Pairing code',
  shopCodeHint: 'The 10 characters the server shows when pairing is opened. It works once and expires in 10 minutes.',
  shopTillName: 'Name of this till (optional)',
  shopTillNamePlaceholder: 'Empty: the server gives one',
  shopTillNameHint: 'Leave it empty and the server gives the next one: "Caja 2", "Caja 3"… Each till of the shop has its own name: its sale numbers, receipts and closes carry it.',
  shopPairedAs: (name: string) => `This till is "${name}" in the shop: its sale numbers, receipts, X and Z carry it. To rename it use Settings → This till (the server decides).`,
  shopEarlierNames: (list: string) => `Sales made earlier under another name keep their number: ${list}.`,
  shopEarlierName: (name: string, count: number, first: string, last: string) =>
    `${count} ${count === 1 ? 'sale' : 'sales'} "${name} · ${first}"${count > 1 ? ` to "${name} · ${last}"` : ''}`,
  shopSeed: 'This is the shop\'s first till: upload its catalog, customers and people to the server',
  shopPair: 'Pair',
  shopPairing: 'Pairing…',
  shopUnpair: 'Unpair this till',
  shopNotPaired: 'This till is not paired with a shop server.',
  shopPaired: (shop: string, till: number, url: string) => `Paired with "${shop}" as Till ${till} (${url}).`,
  shopPairedNow: 'Till paired. The shop\'s data arrives in the background.',
  shopUploaded: (n: number) => `${n} ${n === 1 ? 'record' : 'records'} of this till were uploaded to the server.`,
  shopLastContact: (when: string) => `Last contact: ${when}.`,
  shopNoContact: 'No contact with the server since Mostrador started.',
  shopWaiting: (salesWaiting: number, edits: number) => `Waiting for the server: ${sales(salesWaiting)} and ${edits} ${edits === 1 ? 'change' : 'changes'}.`,
  shopUnsendableTitle: (n: number) => `${n === 1 ? 'Sale that cannot' : 'Sales that cannot'} be sent to the server (${n})`,
  shopUnsendableIntro: 'These sales stay at this till and are invoiced as always, but the shop server does not receive them: the day report marks this till as incomplete. Tell support the reason.',
  shopUnsendableReason: { contract: 'does not meet the server\'s format', other_till: 'the server holds it as another till\'s sale', refused: 'the server refused it' } as Record<string, string>,
  shopSaleNumber: (n: number) => `Sale ${String(n).padStart(6, '0')}`,
  shopUnsendableField: (field: string) => `field ${field}`,
  shopNotAppliedTitle: 'Changes not applied',
  shopNotAppliedIntro: 'Changes made at this till that the server did not apply because the record had changed there. The server\'s version stands.',
  shopNotAppliedKind: { 'product.save': 'Product', 'customer.save': 'Customer', 'person.save': 'Person' },
  shopNotAppliedWhen: (made: string, refused: string) => `made ${made}, not applied ${refused}`,
  shopRefused: {
    SHOP_BAD_CODE: 'The server did not accept the code: it may be mistyped, used or expired. Ask the server for a new one.',
    SHOP_TOO_MANY: 'Too many pairing attempts. Wait a minute and try again.',
    SHOP_TOO_MANY_HERE: 'Too many wrong codes were typed at this till. Wait a minute and try again.',
    SHOP_NAME_TAKEN: 'Another till of the shop has that name. Type another, or leave the field empty for the server to give one. The till was not paired.',
    SHOP_NOT_EMPTY: 'This server already holds another shop\'s data. The till was not paired; nothing was uploaded.',
    SHOP_ALREADY_PAIRED: 'This till is already paired. Unpair it first.',
    SHOP_CERT_MISMATCH: 'The server showed a certificate other than the expected one. Nothing was sent.',
    SHOP_INSECURE: 'Plain HTTP is only allowed to 127.0.0.1 (this same computer).',
    SHOP_NETWORK: 'Could not connect to the server: check the address and that the server is on and on the same network.',
    SHOP_TIMEOUT: 'The server did not answer in time.',
    SHOP_BAD_ANSWER: 'The server answered something that does not meet the contract; nothing was saved.',
  },
  shopTooMany: (seconds: number, here: boolean) => `${here
    ? 'Too many wrong codes were typed at this till.'
    : 'The server received too many wrong codes from several devices at once.'} Wait ${seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`} and try again.`,
  shopAddressInvalid: 'Type the server address, e.g. 192.168.1.20:8443 (HTTPS; HTTP only to 127.0.0.1).',
  shopCodeInvalid: 'The code has 10 characters, like K7QF2-M2XDA.',
  shopLine: {
    connected: 'Shop server: up to date',
    waiting: (n: number) => `Shop server: ${sales(n)} to send`,
    away: (since: string, n: number) => `Shop server unreachable since ${since}${n > 0 ? ` · ${sales(n)} to send` : ''}`,
    unsendable: (n: number) => `${sales(n)} cannot be sent to the server`,
  },
  shopProblem: {
    CERT_MISMATCH: 'certificate other than the paired one',
    AUTH_REVOKED: 'this till was revoked at the server',
    AUTH_UNKNOWN_TILL: 'the server does not know this till; pair again',
    AUTH_NO_KEY: 'the till key is missing from the keychain; pair again',
    KEYCHAIN_UNAVAILABLE: 'the system keychain could not be read',
    AUTH_STALE: 'this till\'s clock does not match the server\'s',
  },
  shopShiftWarning: (n: number) => `${sales(n)} of this till ${n === 1 ? 'is' : 'are'} not at the shop server yet; ${n === 1 ? 'it' : 'they'} will go when it answers.`,
};
