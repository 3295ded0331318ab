import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentBody } from './content-body.tsx';

const HTML =
  '<table><tbody><tr><td>Wide</td></tr></tbody></table><table><tbody><tr><td>Narrow</td></tr></tbody></table>';

describe('ContentBody', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts a table wider than the column in the tab order, so a keyboard can scroll it, and leaves one that fits out', () => {
    // jsdom lays nothing out: a table is as wide as its text says, in a 400 px column.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.textContent?.includes('Wide') ? 900 : 300;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    const { container } = render(<ContentBody html={HTML} />);
    const [wide, narrow] = container.querySelectorAll('table');
    expect(wide?.getAttribute('tabindex')).toBe('0');
    expect(narrow?.hasAttribute('tabindex')).toBe(false);
  });
});
