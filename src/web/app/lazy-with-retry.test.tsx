import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAD_FAILED_PROMPT, importWithRetry, lazyWithRetry } from './lazy-with-retry.ts';

function flakyImporter<T>(failures: number, value: T) {
  let calls = 0;
  const importer = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return value;
  });
  return importer;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('importWithRetry', () => {
  it('returns at once when the first load works', async () => {
    const importer = flakyImporter(0, 'page');
    await expect(importWithRetry(importer)).resolves.toBe('page');
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('retries after 1 s, then 2 s, then 2 s', async () => {
    const importer = flakyImporter(3, 'page');
    const result = importWithRetry(importer, { confirm: () => false });

    await vi.advanceTimersByTimeAsync(0);
    expect(importer).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(importer).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(importer).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(1999);
    expect(importer).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(importer).toHaveBeenCalledTimes(3);

    await vi.advanceTimersByTimeAsync(1999);
    expect(importer).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(importer).toHaveBeenCalledTimes(4);

    await expect(result).resolves.toBe('page');
  });

  it('asks to refresh after three failed retries and reloads when the user agrees', async () => {
    const importer = flakyImporter(Number.POSITIVE_INFINITY, 'page');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const reload = vi.fn();
    let settled = false;
    void importWithRetry(importer, { reload }).finally(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(4999);
    expect(confirm).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    expect(importer).toHaveBeenCalledTimes(4);
    expect(confirm).toHaveBeenCalledExactlyOnceWith(LOAD_FAILED_PROMPT);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe(false);
  });

  it('passes the error on when the user declines to refresh', async () => {
    const importer = flakyImporter(Number.POSITIVE_INFINITY, 'page');
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const reload = vi.fn();
    const result = importWithRetry(importer, { reload });
    const assertion = expect(result).rejects.toThrow('Failed to fetch dynamically imported module');

    await vi.advanceTimersByTimeAsync(5000);
    await assertion;
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('lazyWithRetry', () => {
  it('shows the fallback while retrying and the page once a retry succeeds', async () => {
    const importer = flakyImporter(1, { default: () => <h1>Loaded page</h1> });
    const Page = lazyWithRetry(importer);
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Page />
      </Suspense>,
    );

    expect(screen.getByText('Loading page')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
