/**
 * The limits Mostrador itself puts on everything it accepts. The service's own limits are "not shown" in its
 * spec, so these are chosen to be safe: far above what a counter needs, far below what could hurt the service,
 * the store or the screen. The shared schemas (bridge contract, invoice request) enforce them; docs/developer/not-done-yet.md's
 * "Limits" table lists them. Change a limit here and nowhere else.
 */
export const LIMITS = {
  /** Lines on one sale. */
  maxLines: 200,
  /**
   * Bytes of one invoice request body as sent (UTF-8). The service's own limit is not shown (the sandbox refuses
   * above 1 000 000); 200 lines with 30-character names take about 32 000, so only very long names reach it.
   */
  maxRequestBytes: 100_000,
  /** Taxes on one line; each tax code at most once. */
  maxTaxesPerLine: 5,

  /** Units of one line: above this a line is a mis-scan, not a sale. */
  maxQuantity: 100_000,
  quantityDecimals: 3,
  /** Unit price before tax, in pesos. */
  maxPrice: 10_000_000_000,
  priceDecimals: 2,
  /** Percentages (discount, tax rate): 0 to 100. */
  maxRate: 100,
  /** Decimals of a discount percentage. */
  rateDecimals: 2,
  /** Decimals of a tax percentage: ICA is set per thousand (9.66 ‰ = 0.966 %), so rates need more than two. */
  taxRateDecimals: 4,

  productCodeLength: 50,
  productNameLength: 200,
  customerNameLength: 200,
  /** Identification digits/characters (a NIT is 5 to 15 digits; passports carry letters). */
  identificationLength: 20,
  emailLength: 120,
  /** The till's name printed with its short sale numbers ("Caja 1"). */
  tillNameLength: 40,
  sellerNameLength: 200,
  addressLength: 200,
  phoneLength: 40,
  /** The numbering authorization text printed on every receipt. */
  resolutionTextLength: 500,
  printerNameLength: 200,
  /** What a cashier types into a search box. */
  searchTextLength: 100,
  barcodeLength: 64,
  /** Barcodes of one product (a pack, a unit, an old label). */
  barcodesPerProduct: 10,
  /** A product category ("Lácteos"). */
  categoryLength: 60,
  /** Data rows of one CSV import, products or customers (a large shop has a few tens of thousands of products). */
  csvFileRows: 100_000,
  /**
   * Bytes of one CSV file sent inside a bridge call (base64 in its input, under the bridge's 2 MB body), products or
   * customers (measured as a file: what the file picker reports). A customer list is sent this way.
   */
  csvFileBytes: 1_400_000,
  /**
   * Bytes of a product CSV uploaded to the core as a file (browser mode: a streamed upload; Electron: its bytes over
   * IPC), then read a chunk at a time: 100 000 products with long names and several columns.
   */
  catalogFileBytes: 25_000_000,
  /** A charge whose total is above this asks the cashier to confirm before it is recorded. */
  confirmTotalAbove: 20_000_000,
  /** Characters of a number field as typed on the sale screen (kept in the open sale until it is fixed). */
  typedNumberLength: 32,
  /** Cash handed over for one sale, in whole pesos (a cash drawer never holds more). */
  maxCashReceived: 1_000_000_000,
  /** Sales parked at once ("Suspender"): a counter's queue, not a warehouse. */
  maxParkedSales: 20,
  /** Quick keys the counter shows: a few screens of favourites, not a second catalog. */
  maxQuickKeys: 48,
  /** A quick key's place in the grid (optional; 1 first). */
  maxQuickKeyOrder: 999,
  /** Customers listed per page of the directory. */
  customerPageSize: 100,
  /** This till's share of the service's request limit, whole percent (several tills on one client id split it). */
  minRateSharePercent: 5,
  maxRateSharePercent: 100,
  /** A person's PIN: digits only, short enough to type at the counter, long enough not to guess at a glance. */
  pinMinLength: 4,
  pinMaxLength: 8,
  /** A person's name as shown on "who is selling" and printed with the sale. */
  personNameLength: 60,
  /**
   * Wrong PINs in a row (per person) before that person's PIN checks pause: the first pause, doubling with each
   * further wrong PIN up to the longest (a PIN is short: guessing must be slow).
   */
  pinTriesBeforePause: 5,
  pinPauseMs: 60_000,
  pinMaxPauseMs: 4 * 60 * 60_000,
  /** Cash in the drawer when a shift opens, in whole pesos (a drawer never holds more). */
  maxOpeningCash: 100_000_000,
  /** Bills or coins of one denomination counted at a shift's close. */
  maxCashPieces: 100_000,
  /** Minutes after which an unsent sale is highlighted (status bar, history); the owner sets it, default 30. */
  minUnsentAlertMinutes: 1,
  maxUnsentAlertMinutes: 10_080,
  /** Why an owner corrected or voided a sale, kept in the correction record (a sentence, not a report). */
  correctionReasonLength: 200,
  /** A network printer's host name (DNS allows 253 characters). */
  printerHostLength: 253,
  /** Print jobs waiting at once: past this, a new job is refused (nothing already queued is dropped). */
  maxWaitingPrintJobs: 500,
  /** A drawer pulse that could not be sent within this is dropped: a drawer must not open long after its sale. */
  drawerPulseMaxAgeMs: 60_000,
  /** History counts matches up to this many ("more than 1 000"): counting every match of a large file was what made search slow. */
  historyCountCap: 1_000,
} as const;
