import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function Menu({ label }: { label: string }) {
  return <button type="button">{label}</button>;
}

function MenuStandIn({ label }: { label: string }) {
  return <span>{label} (loading)</span>;
}

describe('lazyPart', () => {
  it('stands in with the fallback, given the same props, until the part has loaded', async () => {
    const Part = lazyPart(() => Promise.resolve(Menu), MenuStandIn);
    render(<Part label="Open menu" />);
    expect(screen.getByText('Open menu (loading)')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it('keeps the fallback, without asking to refresh, when every retry fails', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const importer = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const Part = lazyPart(importer, MenuStandIn);
    render(<Part label="Open menu" />);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(importer).toHaveBeenCalledTimes(4);
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByText('Open menu (loading)')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('fetches the code ahead of first use once preloaded, and only once', async () => {
    const importer = vi.fn(() => Promise.resolve(Menu));
    const Part = lazyPart(importer, MenuStandIn);
    Part.preload();
    expect(importer).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(0));
    render(<Part label="Open menu" />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
