import { ContractError } from './errors';
import { isRecord, pick, readCount, type JsonObject } from './loose-json';

export interface PageInfo {
  page?: number;
  per_page?: number;
  total?: number;
  total_pages?: number;
}

export interface Collection {
  items: unknown[];
  /** null when the body says nothing about paging. */
  page: PageInfo | null;
}

const LIST_KEYS = ['data', 'items', 'results'] as const;

/**
 * Reads a collection in any of the shapes seen in the field (DOMAIN.md): a bare array, `{data: [...]}`,
 * `{data: {data: [...], pagination}}`, `{items: [...]}` or `{results: [...]}`. Paging is read from `pagination`,
 * `meta` or top-level fields, innermost first. Anything else is a ContractError.
 */
export function readCollection(body: unknown): Collection {
  if (Array.isArray(body)) return { items: body, page: null };
  if (!isRecord(body)) throw new ContractError('expected a list from the invoicing service, got no object or array');

  const layers: JsonObject[] = [body];
  let items = listIn(body);
  if (items === null && isRecord(body.data)) {
    layers.unshift(body.data);
    items = listIn(body.data);
  }
  if (items === null) {
    throw new ContractError(`expected a list from the invoicing service; the answer has keys: ${Object.keys(body).slice(0, 10).join(', ') || 'none'}`);
  }
  return { items, page: pageIn(layers) };
}

function listIn(obj: JsonObject): unknown[] | null {
  for (const key of LIST_KEYS) {
    const value = obj[key];
    if (Array.isArray(value)) return value;
  }
  return null;
}

function pageIn(layers: readonly JsonObject[]): PageInfo | null {
  for (const layer of layers) {
    const candidates: JsonObject[] = [];
    if (isRecord(layer.pagination)) candidates.push(layer.pagination);
    if (isRecord(layer.meta)) {
      if (isRecord(layer.meta.pagination)) candidates.push(layer.meta.pagination);
      if (isRecord(layer.meta.page)) candidates.push(layer.meta.page);
      candidates.push(layer.meta);
    }
    candidates.push(layer);
    for (const candidate of candidates) {
      const page = readPageInfo(candidate);
      if (page !== null) return page;
    }
  }
  return null;
}

function readPageInfo(obj: JsonObject): PageInfo | null {
  const info: PageInfo = {};
  const page = pick(obj, ['page', 'current_page', 'page_number'], readCount);
  const perPage = pick(obj, ['per_page', 'page_size', 'limit'], readCount);
  const total = pick(obj, ['total', 'total_count', 'total_items'], readCount);
  let totalPages = pick(obj, ['total_pages', 'last_page', 'page_count'], readCount);
  if (totalPages === null && total !== null && perPage !== null && perPage > 0) totalPages = Math.ceil(total / perPage);
  if (page !== null) info.page = page;
  if (perPage !== null) info.per_page = perPage;
  if (total !== null) info.total = total;
  if (totalPages !== null) info.total_pages = totalPages;
  return Object.keys(info).length === 0 ? null : info;
}
