import { describe, expect, it } from 'vitest';
import { authorizationValidity, colombianDay, numberingAuthorizationSchema } from '../../../shared/numbering-authorization';
import { checkAuthorization } from '../../../renderer/settings/settings-checks';
import { counterMessagesFor as messagesFor } from '../../../renderer/i18n/counter-text';

const GOOD = { number: '18760000001', date: '2024-01-01', prefix: 'SETP', from: '990000000', to: '995000000', validFrom: '2024-01-01', validUntil: '2026-12-31' };

describe('the numbering authorisation typed from the resolution', () => {
  it('accepts a complete one, and a range without prefix', () => {
    expect(numberingAuthorizationSchema.safeParse(GOOD).success).toBe(true);
    expect(numberingAuthorizationSchema.safeParse({ ...GOOD, prefix: '' }).success).toBe(true);
    expect(checkAuthorization({ ...GOOD, prefix: '' })).toEqual({});
  });

  it.each([
    ['number', { number: 'Res 123' }, 'Solo dígitos: el número de la resolución'],
    ['date', { date: '2024-02-30' }, 'Escriba una fecha válida (AAAA-MM-DD)'],
    ['prefix', { prefix: 'SET P' }, 'Hasta 4 letras o dígitos, sin espacios'],
    ['from', { from: '007' }, 'Un número entero sin ceros a la izquierda'],
    ['to', { to: '100' }, 'No puede ser menor que el número inicial'],
    ['validUntil', { validUntil: '2023-12-31' }, 'No puede ser anterior al inicio de la vigencia'],
    ['validFrom', { validFrom: '' }, 'Este dato es obligatorio'],
  ] as const)('the form and the core refuse a bad %s, the form in Spanish', (field, change, spanish) => {
    const bad = { ...GOOD, ...change };
    const core = numberingAuthorizationSchema.safeParse(bad);
    expect(core.success).toBe(false);
    expect(core.error?.issues[0]?.path).toEqual([field]);
    const problem = checkAuthorization(bad)[field];
    expect(problem && messagesFor('es-CO')[problem]).toBe(spanish);
  });

  it('compares the range as whole numbers, not as text', () => {
    expect(numberingAuthorizationSchema.safeParse({ ...GOOD, from: '9', to: '10' }).success).toBe(true);
  });

  it('judges validity on the Colombian calendar day (fake clock)', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(colombianDay(at('2026-12-01T04:59:00Z'))).toBe('2026-11-30');
    expect(authorizationValidity(GOOD, at('2026-11-01T12:00:00Z'))).toEqual({ kind: 'ok', daysLeft: 60 });
    expect(authorizationValidity(GOOD, at('2026-12-01T12:00:00Z'))).toEqual({ kind: 'near', daysLeft: 30 });
    expect(authorizationValidity(GOOD, at('2027-01-01T04:00:00Z'))).toEqual({ kind: 'near', daysLeft: 0 });
    expect(authorizationValidity(GOOD, at('2027-01-01T05:00:00Z'))).toEqual({ kind: 'past', validUntil: '2026-12-31' });
    expect(authorizationValidity(null, at('2026-11-01T12:00:00Z'))).toEqual({ kind: 'unset' });
  });
});
