import { describe, expect, it } from 'vitest';
import { readKeyFromHash } from '../../../renderer/bridge/browser-key';

describe('the browser-mode key in the URL fragment', () => {
  it('takes the key and asks for the fragment to be removed', () => {
    expect(readKeyFromHash('#key=abc123', null)).toEqual({ key: 'abc123', cleanedHash: '' });
  });

  it('keeps other fragment parameters', () => {
    expect(readKeyFromHash('#screen=history&key=k1', null)).toEqual({ key: 'k1', cleanedHash: '#screen=history' });
  });

  it('falls back to the stored key after a reload (fragment already removed)', () => {
    expect(readKeyFromHash('', 'stored')).toEqual({ key: 'stored', cleanedHash: null });
    expect(readKeyFromHash('#other=1', 'stored')).toEqual({ key: 'stored', cleanedHash: null });
  });

  it('prefers a new key in the fragment over the stored one (a new launch)', () => {
    expect(readKeyFromHash('#key=new', 'old')).toEqual({ key: 'new', cleanedHash: '' });
  });

  it('has no key when there is neither', () => {
    expect(readKeyFromHash('', null).key).toBeNull();
    expect(readKeyFromHash('#key=', null)).toEqual({ key: null, cleanedHash: '' });
  });
});
