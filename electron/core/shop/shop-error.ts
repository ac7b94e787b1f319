/** Why a request to the shop server failed, as a code the status bar and Settings say in their own words. */
export type ShopErrorCode =
  | 'NETWORK' | 'TIMEOUT' | 'CERT_MISMATCH' | 'INSECURE' | 'BAD_ANSWER'
  /** The server answered with an error status; `status` and the server's `serverCode` say which. */
  | 'HTTP';

export class ShopError extends Error {
  override readonly name = 'ShopError';
  constructor(
    readonly code: ShopErrorCode,
    message: string,
    readonly status: number | null = null,
    readonly serverCode: string | null = null,
    /** The refusal's JSON body (fields, the current record of a stale save); null when there was none. */
    readonly body: unknown = null,
    /** The contract version the server's answer said it speaks (1 when it said none); null without an answer. */
    readonly contract: number | null = null,
  ) {
    super(message);
  }

  /** Worth another try later: the network, a timeout, the server busy or failing. Never a refusal or a bad answer. */
  get transient(): boolean {
    return this.code === 'NETWORK' || this.code === 'TIMEOUT' || (this.code === 'HTTP' && (this.status === 429 || (this.status ?? 0) >= 500));
  }
}
