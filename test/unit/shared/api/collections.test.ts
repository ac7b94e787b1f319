import { describe, expect, it } from 'vitest';
import { readCollection } from '../../../../shared/api/collections';
import { ContractError } from '../../../../shared/api/errors';

const a = { id: 'a' };
const b = { id: 'b' };

describe('readCollection', () => {
  it.each([
    ['a bare array', [a, b], null],
    ['{data: [...]}', { data: [a, b] }, null],
    ['{items: [...]}', { items: [a, b] }, null],
    ['{results: [...]}', { results: [a, b], next: null }, null],
    ['{data: [...]} with the sandbox pagination', { data: [a, b], pagination: { page: 1, per_page: 20, total: 2, total_pages: 1 } }, { page: 1, per_page: 20, total: 2, total_pages: 1 }],
    ['{data: {data: [...], pagination}}', { data: { data: [a, b], pagination: { page: 2, per_page: 2, total: 6, total_pages: 3 } } }, { page: 2, per_page: 2, total: 6, total_pages: 3 }],
    ['Laravel meta', { data: [a, b], meta: { current_page: 1, per_page: 15, total: 40, last_page: 3 } }, { page: 1, per_page: 15, total: 40, total_pages: 3 }],
    ['meta.pagination', { data: [a, b], meta: { pagination: { page: 3, pageSize: 2, total: 9 } } }, { page: 3, per_page: 2, total: 9, total_pages: 5 }],
    ['top-level fields', { items: [a, b], page: '1', per_page: '50', total: '2', last_page: 1 }, { page: 1, per_page: 50, total: 2, total_pages: 1 }],
    ['an inner Laravel paginator', { data: { current_page: 1, data: [a, b], last_page: 4, per_page: 2, total: 8 } }, { page: 1, per_page: 2, total: 8, total_pages: 4 }],
  ])('reads %s', (_shape, body, page) => {
    expect(readCollection(body)).toEqual({ items: [a, b], page });
  });

  it('ignores paging values that are not counts', () => {
    expect(readCollection({ data: [], pagination: { page: -1, per_page: 'many', total: 1.5 } }).page).toBeNull();
  });

  it.each([[null], ['[]'], [42], [{ document: a }], [{ data: { id: 'a' } }]])('throws ContractError for %j', (body) => {
    expect(() => readCollection(body)).toThrow(ContractError);
  });
});
