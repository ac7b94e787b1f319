/** One open sale per counter window; a named slot leaves room for parked sales later. No zod: the counter uses it first. */
export const DEFAULT_OPEN_SALE_SLOT = 'counter';
