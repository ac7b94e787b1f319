/**
 * The one bridge contract: method name → input schema → result type, plus event names. The Electron preload,
 * the ipcMain registration, the browser-mode HTTP host and the renderer's client are all derived from it.
 */
import { z } from 'zod';
import { customerSchema, itemSchema, paymentSchema } from '../api/invoice-request';
import { BRIDGE_EVENT_NAMES, BRIDGE_METHOD_NAMES, isBridgeMethodName, type BridgeEventNameOnly, type BridgeMethodName } from './names';
import type {
  AppInfoDto, ChargeResult, CustomerDto, ProductDto, RangesDto, ReceiptDto, SaleDetailDto, SaleEventDto,
  SaleSummaryDto, SettingsDto, SyncStatusDto,
} from './types';

/** A phantom marker carrying the result type of a method. */
const returns = <T>() => null as unknown as T;

const empty = z.strictObject({});
const text = (max: number) => z.string().max(max);
const paperWidth = z.union([z.literal(80), z.literal(58)]);
const saleState = z.enum(['waiting', 'sending', 'queued', 'validated', 'needs_attention']);

export const sellerSchema = z.strictObject({
  name: text(200).min(1, 'the business name is required'),
  nit: z.string().regex(/^\d{5,15}$/, 'the NIT must be 5 to 15 digits, without the check digit'),
  dv: z.string().regex(/^\d$/, 'the check digit is one digit'),
  address: text(200),
  phone: text(40),
  email: z.union([z.literal(''), z.string().regex(z.regexes.email, 'must be a valid e-mail address')]),
  municipalityCode: z.string().regex(/^\d{5}$/, 'must be a 5-digit DIVIPOLA code'),
  resolutionText: text(500),
});

/** This till's share of the service's request limit, in percent (several tills on one client id split it). */
export const RATE_SHARE_RANGE = { min: 5, max: 100 } as const;

export const bridgeContract = {
  'app.info': { input: empty, result: returns<AppInfoDto>() },

  'catalog.search': { input: z.strictObject({ text: text(100), limit: z.number().int().min(1).max(100) }), result: returns<ProductDto[]>() },
  'catalog.byBarcode': { input: z.strictObject({ barcode: text(64).min(1) }), result: returns<ProductDto | null>() },

  'customers.search': { input: z.strictObject({ text: text(100), limit: z.number().int().min(1).max(50) }), result: returns<CustomerDto[]>() },
  'customers.save': { input: z.strictObject({ customer: customerSchema }), result: returns<CustomerDto>() },

  'sales.charge': {
    input: z.strictObject({ customer: customerSchema, items: z.array(itemSchema).min(1).max(500), payment: paymentSchema }),
    result: returns<ChargeResult>(),
  },
  'sales.search': {
    input: z.strictObject({
      text: text(100).optional(),
      state: saleState.optional(),
      from: z.number().int().optional(),
      to: z.number().int().optional(),
      limit: z.number().int().min(1).max(200),
      offset: z.number().int().min(0).optional(),
    }),
    result: returns<{ sales: SaleSummaryDto[]; total: number }>(),
  },
  'sales.get': { input: z.strictObject({ id: z.number().int().positive() }), result: returns<SaleDetailDto | null>() },
  /** A sale that needs attention goes back to the queue (a person's decision). */
  'sales.retry': { input: z.strictObject({ id: z.number().int().positive() }), result: returns<SaleDetailDto>() },

  'receipt.get': { input: z.strictObject({ saleId: z.number().int().positive(), paperWidth: paperWidth.optional() }), result: returns<ReceiptDto>() },
  /** Electron: webContents.print with the configured printer. Browser mode answers `printed: false`; the page prints itself. */
  'receipt.print': { input: z.strictObject({ saleId: z.number().int().positive() }), result: returns<{ printed: boolean }>() },
  /** A PDF of the receipt as base64 (Electron: printToPDF; browser mode: rendered by the host's Chromium if available). */
  'receipt.pdf': { input: z.strictObject({ saleId: z.number().int().positive() }), result: returns<{ base64: string; fileName: string }>() },

  'settings.get': { input: empty, result: returns<SettingsDto>() },
  'settings.save': {
    input: z.strictObject({
      seller: sellerSchema.optional(),
      locale: z.enum(['es-CO', 'en']).optional(),
      paperWidth: paperWidth.optional(),
      printerName: z.union([text(200), z.null()]).optional(),
      silentPrint: z.boolean().optional(),
      preferredRangeId: z.union([z.string().uuid('must be a numbering range id'), z.null()]).optional(),
      defaultEmail: z.string().regex(z.regexes.email, 'must be a valid e-mail address').optional(),
      defaultMunicipalityCode: z.string().regex(/^\d{5}$/, 'must be a 5-digit DIVIPOLA code').optional(),
      rateShare: z.number().int('must be a whole percentage')
        .min(RATE_SHARE_RANGE.min, `must be at least ${RATE_SHARE_RANGE.min} %`)
        .max(RATE_SHARE_RANGE.max, `must be at most ${RATE_SHARE_RANGE.max} %`).optional(),
    }),
    result: returns<SettingsDto>(),
  },
  /** Switches to a real service; the secret goes straight into the keychain and is never returned. */
  'settings.saveConnection': {
    input: z.strictObject({
      baseUrl: z.string().url('must be a URL such as https://api.example.com').max(300),
      clientId: z.string().regex(/^fc_\S+$/, 'must start with fc_'),
      clientSecret: z.string().min(1, 'is required').max(500),
    }),
    result: returns<SettingsDto>(),
  },
  'settings.useDemo': { input: empty, result: returns<SettingsDto>() },
  'ranges.list': { input: empty, result: returns<RangesDto>() },

  'sync.status': { input: empty, result: returns<SyncStatusDto>() },
  'sync.retryNow': { input: empty, result: returns<SyncStatusDto>() },
} as const;

export type BridgeContract = typeof bridgeContract;
export type BridgeMethod = keyof BridgeContract;
export type BridgeInput<M extends BridgeMethod> = z.input<BridgeContract[M]['input']>;
export type BridgeResult<M extends BridgeMethod> = BridgeContract[M]['result'];
export const BRIDGE_METHODS: readonly BridgeMethod[] = BRIDGE_METHOD_NAMES;
export const isBridgeMethod: (name: unknown) => name is BridgeMethod = isBridgeMethodName;

// The names-only list (for the preload) and the contract must name exactly the same methods and events.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const methodsAgree: Same<BridgeMethod, BridgeMethodName> = true;
const eventsAgree: Same<keyof BridgeEvents, BridgeEventNameOnly> = true;
void methodsAgree;
void eventsAgree;

/** Events pushed from the core to the renderer. */
export interface BridgeEvents {
  'sync.status': SyncStatusDto;
  'sale.updated': SaleEventDto;
}
export type BridgeEventName = keyof BridgeEvents;
export const BRIDGE_EVENTS: readonly BridgeEventName[] = BRIDGE_EVENT_NAMES;

/** Errors cross the bridge as values, never as throws. */
export interface BridgeError {
  code: 'INVALID_INPUT' | 'UNKNOWN_METHOD' | 'FORBIDDEN' | 'NOT_FOUND' | 'KEYCHAIN_UNAVAILABLE' | 'SERVICE' | 'UNAVAILABLE' | 'INTERNAL';
  message: string;
  /** Per-field messages for forms: dotted path → message. */
  fields?: Record<string, string>;
}
export type BridgeEnvelope<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** Validates an input against the contract; returns a human message per field on failure. */
export function parseBridgeInput<M extends BridgeMethod>(method: M, input: unknown):
  { ok: true; value: z.output<BridgeContract[M]['input']> } | { ok: false; error: BridgeError } {
  const parsed = bridgeContract[method].input.safeParse(input ?? {});
  if (parsed.success) return { ok: true, value: parsed.data as z.output<BridgeContract[M]['input']> };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    const message = issue.code === 'unrecognized_keys'
      ? `property ${issue.keys.join(', ')} should not exist`
      : issue.message;
    fields[path] ??= message;
  }
  const summary = Object.entries(fields).map(([k, v]) => (k ? `${k}: ${v}` : v)).join('; ');
  return { ok: false, error: { code: 'INVALID_INPUT', message: `Some data is not valid — ${summary}`, fields } };
}

/** The renderer's view of the bridge: one typed function. Both transports implement it. */
export interface BridgeTransport {
  call<M extends BridgeMethod>(method: M, input: BridgeInput<M>): Promise<BridgeEnvelope<BridgeResult<M>>>;
  on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void): () => void;
}
