import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_REPORT_SPACING_MS, createActivityReporter } from './activity-reporter.ts';
import { startPresence } from './presence.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('activity reports to the server', () => {
  it('go at once, then at most every 30 s (with a second to spare), the last activity of a window at its end', () => {
    const send = vi.fn();
    const reporter = createActivityReporter(send);
    reporter.activity();
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    reporter.activity();
    reporter.activity();
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ACTIVITY_REPORT_SPACING_MS - 5_000 - 1);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(2); // the activity at 5 s, reported at 31 s
    vi.advanceTimersByTime(5 * 60_000);
    expect(send).toHaveBeenCalledTimes(2); // nothing without activity
    expect(ACTIVITY_REPORT_SPACING_MS).toBe(31_000);
  });

  it('do not repeat activity the report already carried (two events in the same instant)', () => {
    const send = vi.fn();
    const reporter = createActivityReporter(send);
    reporter.activity();
    reporter.activity();
    vi.advanceTimersByTime(5 * 60_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('send nothing more once stopped', () => {
    const send = vi.fn();
    const reporter = createActivityReporter(send);
    reporter.activity();
    reporter.activity();
    reporter.stop();
    vi.advanceTimersByTime(60_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('presence', () => {
  it('is sent at once and every 30 s, away while the tab is hidden', () => {
    const send = vi.fn();
    const stop = startPresence(send);
    expect(send).toHaveBeenLastCalledWith('online');
    vi.advanceTimersByTime(30_000);
    expect(send).toHaveBeenCalledTimes(2);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(send).toHaveBeenLastCalledWith('away');
    visibility.mockReturnValue('visible');
    vi.advanceTimersByTime(30_000);
    expect(send).toHaveBeenLastCalledWith('online');
    stop();
    vi.advanceTimersByTime(120_000);
    expect(send).toHaveBeenCalledTimes(4);
  });
});
