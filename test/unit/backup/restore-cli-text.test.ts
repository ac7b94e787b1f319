import { describe, expect, it } from 'vitest';
import { argumentProblem, isYes, refusalText, restoredText, summaryText } from '../../../electron/restore-cli-text';
import type { RestoreRefusalCode } from '../../../electron/core/backup/restore';

const CODES: RestoreRefusalCode[] = ['NEWER_SCHEMA', 'NEEDS_PASSPHRASE', 'WRONG_PASSPHRASE', 'COPY_CORRUPT', 'COPY_UNREADABLE', 'NOT_FOUND'];
const ENGLISH = /\b(the|backup|passphrase|is not|newer|restore it|file)\b/i;
/** The command's own option names (--passphrase-env) are not words on the screen. */
const words = (text: string) => text.replace(/--[a-z-]+/g, '');

describe('what npm run restore says, in Spanish', () => {
  it('has Spanish words for every refusal, never the core\'s English', () => {
    for (const code of CODES) {
      const text = refusalText(code, { schemaVersion: 40, known: 33 }, '/media/usb/copia.sqlite.enc');
      expect(words(text), code).not.toMatch(ENGLISH);
      expect(text.length, code).toBeGreaterThan(20);
    }
    expect(refusalText('NEWER_SCHEMA', { schemaVersion: 40, known: 33 }, 'x')).toContain('(esquema 40; este Mostrador conoce hasta el 33)');
    expect(refusalText('NOT_FOUND', {}, '/media/usb/copia.sqlite')).toBe('No hay ningún archivo en /media/usb/copia.sqlite.');
  });

  it('summarises the copy in Spanish and names the service whose secret must be typed again', () => {
    const summary = summaryText({
      source: '/media/usb/m.sqlite.enc', encrypted: true, takenAt: Date.UTC(2026, 5, 10, 21, 30),
      contents: { schemaVersion: 30, sales: 1200, lastSaleNumber: null, lastSaleAt: null, closedShifts: 3, customers: 5, products: 40, service: null },
    }, '/datos');
    expect(summary).toMatch(/^Copia: \/media\/usb\/m\.sqlite\.enc \(cifrada\)\n  hecha el: +\d{1,2}\/\d{1,2}\/2026/);
    expect(summary).toMatch(/última venta: +ninguna/);
    expect(words(summary)).not.toMatch(ENGLISH);
    expect(restoredText('mostrador.sqlite.replaced-x', { baseUrl: 'https://api.example.co', clientId: 'fc_tienda' }))
      .toMatch(/^Restaurada\. El archivo de datos anterior se conserva como mostrador\.sqlite\.replaced-x\.\nLa clave secreta del cliente fc_tienda \(https:\/\/api\.example\.co\)/);
  });

  it('understands yes as a person types it, and says argument problems without node\'s English', () => {
    for (const yes of ['si', 'Sí', ' s ', 'yes']) expect(isYes(yes), yes).toBe(true);
    for (const no of ['no', '', 'sii', 'n']) expect(isYes(no), no).toBe(false);
    const error = Object.assign(new Error("Unknown option '--desde'. To specify a positional argument…"), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
    expect(argumentProblem(error)).toBe('Opción desconocida (--desde).');
    expect(argumentProblem(new Error('whatever'))).toBe('Los argumentos no se entienden.');
  });
});
