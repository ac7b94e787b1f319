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
    expect(commands).toHaveLength(8);
  });
});
