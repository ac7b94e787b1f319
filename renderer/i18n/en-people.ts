/** English words for people at the till. Spread into en.ts. */
import type { esPeople } from './es-people';

export const enPeople: typeof esPeople = {
  people: 'People',
  whoIsSelling: 'Who is selling?',
  whoIsSellingHint: 'Choose your name and type your PIN.',
  pin: 'PIN',
  signIn: 'Sign in',
  changePerson: 'Change person',
  sellingNow: (name: string) => `Selling: ${name}`,
  roleOwner: 'Owner',
  roleCashier: 'Cashier',
  role: 'Role',
  unlockShort: 'Change',
  unlockPrice: (name: string) => `Change price or tax: ${name}`,
  lockedPrice: 'Catalog price and tax: a cashier needs the owner to change them',
  unlockDiscount: (name: string) => `Change discount: ${name}`,
  lockedDiscount: (max: string) => `A cashier gives up to ${max} % discount alone; more needs the owner`,
  approvePrice: (product: string) => `Change the price of ${product} on this sale`,
};
