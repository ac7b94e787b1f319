/** The sale in progress: cart lines, the chosen customer (null = consumidor final) and the payment. */
import { create } from 'zustand';
import type { InvoiceCustomer, InvoicePayment } from '../../shared/api/invoice-request';
import type { CashTenderDto, Locale, ParkedSaleDto, ProductDto } from '../../shared/bridge/types';
import type { OpenSaleDraft } from '../../shared/open-sale';
import { regroupMoneyText } from '../format/decimal-text';
import { addProduct, removeLine, updateLine, type CartLine } from './cart';

/** The safe answer of a large total's confirmation ("Revisar la venta"), focused when Cobrar asks for it. */
export const CONFIRM_TOTAL_ID = 'confirm-total-review';

export const DEFAULT_PAYMENT: InvoicePayment = { form_code: '1', means_code: '10' };

export interface LastCharge { saleId: number; referenceCode: string; payable: string; shortNumber?: number; cash?: CashTenderDto | null }

/** The customer form, open: blank (new customer) or a customer to complete, and where the focus goes and returns. */
export interface CustomerFormRequest {
  /** Changes on every opening, so an open form re-opens fresh. */
  id: number;
  initial: InvoiceCustomer | null;
  focusId: string;
  /** Where the focus goes back to when the form is cancelled; null = the product search. */
  returnFocusId: string | null;
}

interface SaleState {
  lines: CartLine[];
  customer: InvoiceCustomer | null;
  payment: InvoicePayment;
  charging: boolean;
  lastCharge: LastCharge | null;
  /** The line the last scan or search touched, so the table can show it. */
  lastTouchedCode: string | null;
  customerForm: CustomerFormRequest | null;
  /** The payable of a total so large it needs the cashier's confirmation before it is charged; null = none asked. */
  confirmingTotal: string | null;
  /** Cash received as typed (or added with the bill buttons); not part of the open sale. */
  cashReceived: string;
  setCashReceived(text: string): void;
  /**
   * A money field left by the cashier shows its amount grouped ("18900" → "18.900"). It reads the text as it is now
   * (a blur can come after Cobrar cleared the counter) and is no change of the sale: a total asked to confirm stays asked.
   */
  regroupCash(locale: Locale): void;
  regroupPrice(id: string, locale: Locale): void;
  /** Parked sales ("Suspender"), as the core last listed them. */
  parked: ParkedSaleDto[];
  setParked(parked: ParkedSaleDto[]): void;
  /** Empties the counter after its sale was parked. */
  clearCounter(): void;
  askToConfirmTotal(payable: string | null): void;
  /** Brings back the open sale the core kept (after a reload, a crash or a restart). */
  restore(draft: OpenSaleDraft): void;
  openCustomerForm(request: Omit<CustomerFormRequest, 'id'>): void;
  closeCustomerForm(): void;
  add(product: ProductDto, locale: Locale): void;
  update(id: string, patch: Partial<Omit<CartLine, 'id'>>): void;
  remove(id: string): void;
  setCustomer(customer: InvoiceCustomer | null): void;
  setPayment(payment: InvoicePayment): void;
  setCharging(charging: boolean): void;
  /**
   * Clears the cart for the next sale, remembering the one just charged. With `chargedLineIds`, only those lines go:
   * a product scanned while the charge was on its way starts the next sale instead of vanishing.
   */
  finish(lastCharge: LastCharge, chargedLineIds?: ReadonlySet<string>): void;
}

let lineCounter = 0;
let formCounter = 0;

export const useSale = create<SaleState>()((set) => ({
  lines: [],
  customer: null,
  payment: DEFAULT_PAYMENT,
  charging: false,
  lastCharge: null,
  lastTouchedCode: null,
  customerForm: null,
  confirmingTotal: null,
  cashReceived: '',
  setCashReceived: (cashReceived) => set({ cashReceived }),
  regroupCash: (locale) => set((s) => ({ cashReceived: regroupMoneyText(s.cashReceived, locale) })),
  regroupPrice: (id, locale) => set((s) => ({
    lines: s.lines.map((line) => (line.id === id ? { ...line, price: regroupMoneyText(line.price, locale) } : line)),
  })),
  parked: [],
  setParked: (parked) => set({ parked }),
  clearCounter: () => set({
    lines: [], customer: null, payment: DEFAULT_PAYMENT, lastTouchedCode: null, customerForm: null, confirmingTotal: null, cashReceived: '',
  }),
  askToConfirmTotal: (confirmingTotal) => set({ confirmingTotal }),
  restore: (draft) => set({
    lines: draft.lines.map((line) => ({ ...line, id: `line-${++lineCounter}` })), customer: draft.customer, payment: draft.payment,
    confirmingTotal: null, cashReceived: '',
  }),
  openCustomerForm: (request) => set({ customerForm: { ...request, id: ++formCounter } }),
  closeCustomerForm: () => set({ customerForm: null }),
  add: (product, locale) => set((s) => ({
    lines: addProduct(s.lines, product, `line-${++lineCounter}`, locale), lastTouchedCode: product.code, confirmingTotal: null,
  })),
  // A total confirmed for one cart is not confirmed for another: any change withdraws the question.
  update: (id, patch) => set((s) => ({ lines: updateLine(s.lines, id, patch), confirmingTotal: null })),
  remove: (id) => set((s) => ({ lines: removeLine(s.lines, id), confirmingTotal: null })),
  setCustomer: (customer) => set({ customer }),
  setPayment: (payment) => set({ payment }),
  setCharging: (charging) => set({ charging }),
  finish: (lastCharge, chargedLineIds) => set((state) => ({
    lines: chargedLineIds ? state.lines.filter((line) => !chargedLineIds.has(line.id)) : [], customer: null, payment: DEFAULT_PAYMENT, charging: false, lastCharge, lastTouchedCode: null, customerForm: null,
    confirmingTotal: null, cashReceived: '',
  })),
}));
