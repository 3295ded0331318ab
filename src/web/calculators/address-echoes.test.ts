import { describe, expect, it } from 'vitest';
import { AddressEchoes } from './address-echoes.ts';

describe('telling a form’s own addresses from a change made outside it', () => {
  it('takes addresses that come back late, after later keystrokes, as the form’s own', () => {
    const echoes = new AddressEchoes('start=');
    // Typing "20" fast: both addresses are written before the router shows the first.
    echoes.wrote('start=2');
    echoes.wrote('start=20');
    expect(echoes.isFromOutside('start=2')).toBe(false);
    expect(echoes.isFromOutside('start=20')).toBe(false);
  });

  it('takes an address the form never wrote (a link, Back) as a change from outside', () => {
    const echoes = new AddressEchoes('start=');
    echoes.wrote('start=5');
    expect(echoes.isFromOutside('start=5')).toBe(false);
    expect(echoes.isFromOutside('start=100')).toBe(true);
  });

  it('takes Back to an address the form wrote earlier as from outside once its echo has come', () => {
    const echoes = new AddressEchoes('start=1');
    echoes.wrote('start=12');
    expect(echoes.isFromOutside('start=12')).toBe(false);
    expect(echoes.isFromOutside('start=1')).toBe(true);
  });

  it('ignores the address it opened with', () => {
    expect(new AddressEchoes('start=1').isFromOutside('start=1')).toBe(false);
  });

  it('takes a skipped echo as cleared when a later one comes', () => {
    const echoes = new AddressEchoes('');
    echoes.wrote('a=1');
    echoes.wrote('a=12');
    echoes.wrote('a=123');
    expect(echoes.isFromOutside('a=123')).toBe(false);
    expect(echoes.isFromOutside('a=12')).toBe(true);
  });
});
