import { describe, expect, it } from 'vitest';
import { classifyStatus, isCufe, readDocument } from '../../../../shared/api/document';
import { ContractError } from '../../../../shared/api/errors';

const CUFE_64 = 'a'.repeat(32) + '0123456789ABCDEF'.repeat(2);
const CUFE_96 = '0123456789abcdef'.repeat(6);
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const queued = {
  id: '5b6c1a5e-8c55-4d7f-9a6e-2f5d3c4b1a09',
  type: '01',
  reference_code: 'POS-1-000123',
  full_number: null,
  status: 'QUEUED',
  cufe: null,
  qr_url: null,
  errors: [],
  created_at: '2025-03-01T15:00:00Z',
  updated_at: '2025-03-01T15:00:00Z',
};

describe('readDocument', () => {
  it('reads a queued document and keeps every field in raw', () => {
    expect(readDocument(queued)).toEqual({
      id: queued.id,
      type: '01',
      reference_code: 'POS-1-000123',
      full_number: null,
      status: 'QUEUED',
      cufe: null,
      qr_url: null,
      qr_image: null,
      errors: [],
      raw: queued,
    });
  });

  it('reads a validated document wrapped in {data: {...}}', () => {
    const validated = {
      ...queued,
      status: 'VALIDATED',
      full_number: 'SETP990000123',
      cufe: CUFE_96,
      qr_url: `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${CUFE_96}`,
      qr_image: `data:image/png;base64,${PNG}`,
      signed_by: 'sandbox',
    };
    const doc = readDocument({ data: validated });
    expect(doc).toMatchObject({ full_number: 'SETP990000123', cufe: CUFE_96, qr_image: `data:image/png;base64,${PNG}` });
    expect(doc.qr_url).toContain(CUFE_96);
    expect(doc.raw.signed_by).toBe('sandbox');
  });

  it('keeps an unknown status as-is and a rejection reason as text', () => {
    const doc = readDocument({ ...queued, status: 'Awaiting_DIAN', errors: { 'customer.dv': ['no corresponde al NIT'] } });
    expect(doc.status).toBe('Awaiting_DIAN');
    expect(classifyStatus(doc.status)).toBe('unknown');
    expect(doc.errors).toEqual(['customer.dv: no corresponde al NIT']);
  });

  it('tolerates camelCase keys, numeric ids, a bare base64 QR and a non-URL qr', () => {
    const doc = readDocument({ id: 981, status: 'SENT', referenceCode: 'R-1', fullNumber: 'FE12', qrImage: PNG, qr_url: 'not a url' });
    expect(doc).toMatchObject({ id: '981', reference_code: 'R-1', full_number: 'FE12', qr_url: null, qr_image: `data:image/png;base64,${PNG}` });
  });

  it.each([[null], ['{}'], [[queued]], [{ status: 'QUEUED' }], [{ id: 'x' }], [{ id: 'x', status: '' }], [{ data: { id: 'x', status: 3 } }]])(
    'throws ContractError without id and status: %j',
    (body) => {
      expect(() => readDocument(body)).toThrow(ContractError);
    },
  );
});

describe('classifyStatus', () => {
  it.each([
    ['VALIDATED', 'validated'],
    ['validated', 'validated'],
    ['QUEUED', 'pending'],
    ['PENDING', 'pending'],
    ['PROCESSING', 'pending'],
    ['SENT', 'pending'],
    ['SIGNED', 'pending'],
    ['NUMBERED', 'pending'],
    ['REJECTED', 'rejected'],
    ['ERROR', 'rejected'],
    ['FAILED', 'rejected'],
    ['INVALID', 'rejected'],
    ['CANCELLED', 'rejected'],
    ['ACCEPTED', 'unknown'],
    ['VALIDATED_WITH_WARNINGS', 'unknown'],
    ['APPROVED', 'unknown'],
    ['', 'unknown'],
  ] as const)('%s is %s', (status, expected) => {
    expect(classifyStatus(status)).toBe(expected);
  });
});

describe('isCufe', () => {
  it.each([
    [CUFE_64, true],
    [CUFE_96, true],
    [CUFE_64.slice(1), false],
    [`${CUFE_64}0`, false],
    ['g'.repeat(64), false],
    [` ${CUFE_64}`, false],
    [null, false],
    [123, false],
  ])('%j → %s', (value, expected) => {
    expect(isCufe(value)).toBe(expected);
  });
});
