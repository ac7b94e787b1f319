import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandFor, SHORTCUTS, type KeyPress } from '../../../renderer/app/shortcuts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress =>
  ({ key, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false, ...mods });

describe('keyboard shortcuts (app.md)', () => {
  it('maps the function keys and Esc', () => {
    expect(['F2', 'F4', 'F8', 'F9', 'F10', 'F12', 'Escape'].map((k) => commandFor(press(k)))).toEqual([
      'focus-product-search', 'focus-customer', 'focus-payment', 'open-history', 'open-settings', 'charge', 'close',
    ]);
  });

  it('charges with Ctrl+Enter too, and ignores keys with Alt or Meta', () => {
    expect(commandFor(press('Enter', { ctrlKey: true }))).toBe('charge');
    expect(commandFor(press('Enter'))).toBeNull();
    expect(commandFor(press('F12', { altKey: true }))).toBeNull();
    expect(commandFor(press('F2', { ctrlKey: true }))).toBeNull();
    expect(commandFor(press('a'))).toBeNull();
  });

  it('lists every command once in the help', () => {
    const commands = SHORTCUTS.map((s) => s.command);
    expect(new Set(commands).size).toBe(commands.length);
    expect(commands).toHaveLength(11);
  });

  it('parks with F3, recalls with Shift+F3 and opens the customer directory with Shift+F4', () => {
    expect(commandFor(press('F3'))).toBe('park-sale');
    expect(commandFor(press('F3', { shiftKey: true }))).toBe('recall-sale');
    expect(commandFor(press('F4', { shiftKey: true }))).toBe('open-customers');
    expect(commandFor(press('F4'))).toBe('focus-customer');
    expect(commandFor(press('F2', { shiftKey: true }))).toBeNull();
  });

  it('the keyboard table in docs/developer/the-till.md lists every shortcut', () => {
    const readme = readFileSync(new URL('../../../docs/developer/the-till.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('| Key | What it does |'), readme.indexOf('\n\n', readme.indexOf('| Key | What it does |')));
    // The first cell of each row: "F4 / F8", "F12 or Ctrl+Enter".
    const listed = table.split('\n').slice(2).flatMap((row) => (row.split('|')[1] ?? '').trim().split(/ \/ | or /));
    for (const { keys } of SHORTCUTS) for (const key of keys.split(' / ')) expect(listed, key).toContain(key);
  });

  it('the Spanish guide\'s key table (docs/guia/la-caja.md) lists every shortcut, Shift as Mayús', () => {
    const guide = readFileSync(new URL('../../../docs/guia/la-caja.md', import.meta.url), 'utf8');
    const start = guide.indexOf('| Tecla | Qué hace |');
    const table = guide.slice(start, guide.indexOf('\n\n', start));
    const listed = table.split('\n').slice(2).flatMap((row) => (row.split('|')[1] ?? '').trim().split(/ \/ | o /));
    for (const { keys } of SHORTCUTS) for (const key of keys.split(' / ')) expect(listed, key).toContain(key.replace('Shift+', 'Mayús+'));
  });
});
