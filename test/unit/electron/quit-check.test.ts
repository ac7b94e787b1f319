/** Quitting with unsent sales asks, saying how many and how long the oldest has waited; nothing waiting, no question. */
import { describe, expect, it } from 'vitest';
import { quitQuestion, waitedFor } from '../../../electron/quit-check';

const at = 1_700_000_000_000;

describe('the question before quitting', () => {
  it('is not asked when every sale is confirmed', () => {
    expect(quitQuestion({ count: 0, oldestAt: null, alertAfterMinutes: 30, late: 0, at }, 'es-CO')).toBeNull();
  });

  it('says how many and how old, in Spanish and in English', () => {
    const es = quitQuestion({ count: 3, oldestAt: at - 125 * 60_000, alertAfterMinutes: 30, late: 1, at }, 'es-CO');
    expect(es?.message).toBe('Hay 3 ventas sin enviar a la DIAN.');
    expect(es?.detail).toContain('lleva 2 h 5 min esperando');
    expect(es?.buttons).toEqual(['Cerrar de todas formas', 'Seguir abierto']);
    const en = quitQuestion({ count: 1, oldestAt: at - 7 * 60_000, alertAfterMinutes: 30, late: 0, at }, 'en');
    expect(en?.message).toBe('1 sale has not been sent to the DIAN yet.');
    expect(en?.detail).toContain('waited 7 min');
  });

  it('words long waits in days', () => {
    expect(waitedFor(3 * 24 * 3_600_000 + 5, 'es-CO')).toBe('3 días');
    expect(waitedFor(-5, 'en')).toBe('0 min');
  });
});
