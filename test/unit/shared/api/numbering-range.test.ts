import { describe, expect, it } from 'vitest';
import { chooseInvoiceRange, readNumberingRanges, type NumberingRange } from '../../../../shared/api/numbering-range';

// A fixed "now" stands in for the clock: 2025-06-15 12:00 in Bogotá.
const NOW = new Date('2025-06-15T17:00:00Z');

function validityOf(fields: Record<string, unknown>): string {
  const [range] = readNumberingRanges([{ id: 'r1', document_type: 'INVOICE', ...fields }], NOW);
  return range?.validity ?? 'missing';
}

function range(id: string, validity: NumberingRange['validity'], document_type = 'INVOICE'): NumberingRange {
  return { id, document_type, prefix: null, from: null, to: null, resolution: null, validity, raw: {} };
}

describe('readNumberingRanges', () => {
  it('reads the sandbox shape', () => {
    const body = {
      data: [
        {
          id: 'c2b1f0a4-7d3e-4f59-8a61-0b9e2d4c6f13',
          document_type: 'INVOICE',
          is_active: true,
          prefix: 'SETP',
          from: 990000000,
          to: 995000000,
          resolution: '18760000001',
          resolution_date: '2019-01-19',
          start_date: '2019-01-19',
          end_date: '2030-01-19',
        },
      ],
    };
    expect(readNumberingRanges(body, NOW)).toEqual([
      {
        id: 'c2b1f0a4-7d3e-4f59-8a61-0b9e2d4c6f13',
        document_type: 'INVOICE',
        prefix: 'SETP',
        from: 990000000,
        to: 995000000,
        resolution: '18760000001',
        validity: 'current',
        raw: body.data[0],
      },
    ]);
  });

  it.each([
    [{ is_active: true }, 'current'],
    [{ is_active: false }, 'not-current'],
    [{ active: true }, 'current'],
    [{ is_current: false }, 'not-current'],
    [{ current: true }, 'current'],
    [{ valid: true }, 'current'],
    [{ enabled: false }, 'not-current'],
    [{ isActive: true }, 'current'],
    [{ is_expired: true }, 'not-current'],
    [{ expired: false }, 'current'],
    [{ status: 'active' }, 'current'],
    [{ status: 'EXPIRED' }, 'not-current'],
    [{}, 'unknown'],
    [{ is_active: 'yes' }, 'unknown'],
    [{ is_active: 1 }, 'unknown'],
  ])('flag %j → %s', (fields, expected) => {
    expect(validityOf(fields)).toBe(expected);
  });

  it.each([
    [{ current: 1 }, 'unknown'],
    [{ current: 990000123 }, 'unknown'],
    [{ current: 990000123, is_active: true }, 'current'],
    [{ current: 0, end_date: '2024-01-01' }, 'not-current'],
  ])('numeric current is a consecutive, not a flag: %j → %s', (fields, expected) => {
    expect(validityOf(fields)).toBe(expected);
  });

  it.each([
    [{ start_date: '2025-01-01', end_date: '2026-01-01' }, 'current'],
    [{ valid_from: '2024-01-01', valid_to: '2025-01-01' }, 'not-current'],
    [{ from_date: '2025-07-01', to_date: '2027-07-01' }, 'not-current'],
    [{ start_date: '2025-06-15', end_date: '2025-06-15' }, 'current'],
    [{ start_date: '2024-06-15', end_date: '2025-06-14' }, 'not-current'],
    [{ start_date: '2024-01-01T00:00:00Z', end_date: '2025-06-15T16:59:59Z' }, 'not-current'],
    [{ start_date: '2024-01-01 00:00:00', end_date: '2025-06-15 12:00:00' }, 'current'],
    [{ validFrom: '2024-01-01', validTo: '2026-01-01' }, 'current'],
    [{ start_date: '2024-01-01' }, 'unknown'],
    [{ end_date: '2024-01-01' }, 'not-current'],
    [{ start_date: '2026-01-01' }, 'not-current'],
    [{ start_date: 'someday', end_date: 'later' }, 'unknown'],
    [{ start_date: null, end_date: null }, 'unknown'],
  ])('date window %j → %s', (fields, expected) => {
    expect(validityOf(fields)).toBe(expected);
  });

  it.each([
    [{ is_active: true, is_expired: true }],
    [{ is_active: true, end_date: '2024-12-31' }],
    [{ active: false, start_date: '2025-01-01', end_date: '2026-01-01' }],
    [{ valid_from: '2025-01-01', valid_to: '2026-01-01', from_date: '2020-01-01', to_date: '2021-01-01' }],
  ])('conflicting evidence is unknown: %j', (fields) => {
    expect(validityOf(fields)).toBe('unknown');
  });

  it('reads document_type in any case, and type/documentType only when document_type is absent', () => {
    const ranges = readNumberingRanges(
      [
        { id: '1', document_type: 'invoice' },
        { id: '2', type: 'Invoice' },
        { id: '3', documentType: 'CREDIT_NOTE' },
        { id: '4', document_type: 'CREDIT_NOTE', type: 'INVOICE' },
        { id: '5' },
      ],
      NOW,
    );
    expect(ranges.map((r) => r.document_type)).toEqual(['INVOICE', 'INVOICE', 'CREDIT_NOTE', 'CREDIT_NOTE', '']);
  });

  it('skips entries without an id and reads numbers given as text', () => {
    const ranges = readNumberingRanges({ items: [{ document_type: 'INVOICE' }, 'x', { id: 7, from: '1', to: '5000', resolution: 18764000001 }] }, NOW);
    expect(ranges).toHaveLength(1);
    expect(ranges[0]).toMatchObject({ id: '7', from: 1, to: 5000, resolution: '18764000001', prefix: null });
  });
});

describe('chooseInvoiceRange', () => {
  it('chooses the single current invoice range, ignoring other document types', () => {
    const choice = chooseInvoiceRange([range('cn', 'current', 'CREDIT_NOTE'), range('old', 'not-current'), range('new', 'current')]);
    expect(choice).toEqual({ kind: 'chosen', range: range('new', 'current') });
  });

  it('lets a preferred invoice range win over the automatic choice', () => {
    const ranges = [range('a', 'current'), range('b', 'unknown')];
    expect(chooseInvoiceRange(ranges, 'b')).toEqual({ kind: 'chosen', range: range('b', 'unknown') });
  });

  it.each([
    ['a credit-note range', 'cn'],
    ['an unknown id', 'zzz'],
    ['an expired range', 'old'],
    ['null', null],
  ])('does not let %s as preference override the choice', (_what, preferred) => {
    const ranges = [range('cn', 'current', 'CREDIT_NOTE'), range('old', 'not-current'), range('a', 'current')];
    expect(chooseInvoiceRange(ranges, preferred)).toEqual({ kind: 'chosen', range: range('a', 'current') });
  });

  it('asks the user when two invoice ranges are current', () => {
    const ranges = [range('a', 'current'), range('b', 'current'), range('cn', 'current', 'CREDIT_NOTE')];
    expect(chooseInvoiceRange(ranges)).toEqual({ kind: 'needs-choice', candidates: [range('a', 'current'), range('b', 'current')] });
  });

  it('asks the user when validity is unknown, even for a single range', () => {
    expect(chooseInvoiceRange([range('a', 'unknown'), range('old', 'not-current')])).toEqual({
      kind: 'needs-choice',
      candidates: [range('a', 'unknown')],
    });
  });

  it.each([
    [[], /no numbering ranges/],
    [[range('cn', 'current', 'CREDIT_NOTE')], /for invoices/],
    [[range('old', 'not-current'), range('older', 'not-current')], /expired or is inactive/],
  ])('says in plain words why there is no range (%#)', (ranges, reason) => {
    const choice = chooseInvoiceRange(ranges);
    expect(choice.kind).toBe('none');
    if (choice.kind === 'none') expect(choice.reason).toMatch(reason);
  });
});
