import { describe, expect, it } from 'vitest';
import { rebaseDraft } from '../../../renderer/settings/draft-rebase';

const demo = { name: 'Tienda Demo', nit: '900000001', email: 'demo@example.co' };
const service = { name: '', nit: '', email: '' };

describe('a settings form when fresh settings arrive', () => {
  it('shows the fresh values where the person typed nothing (the demo seller does not linger)', () => {
    expect(rebaseDraft(demo, demo, service)).toEqual(service);
  });

  it('keeps what the person was typing', () => {
    const typed = { ...demo, email: 'caja@tienda.co' };
    expect(rebaseDraft(typed, demo, service)).toEqual({ name: '', nit: '', email: 'caja@tienda.co' });
  });

  it('treats a value typed back to the original as untouched', () => {
    expect(rebaseDraft({ ...demo }, demo, { ...demo, nit: '800111222' }).nit).toBe('800111222');
  });
});
