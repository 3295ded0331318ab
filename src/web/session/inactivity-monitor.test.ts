import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS } from '../../core/session/limits.ts';
import { LAST_ACTIVITY_KEY, startInactivityMonitor } from './inactivity-monitor.ts';

const MINUTE = 60_000;

/** One browser tab: its own document and window events, the browser's shared localStorage. */
function tab() {
  const document = new EventTarget() as unknown as Document;
  const window = new EventTarget() as unknown as Window;
  const onIdle = vi.fn();
  const onActivity = vi.fn();
  const stop = startInactivityMonitor({ onIdle, onActivity, target: document, events: window, storage: localStorage });
  return {
    onIdle,
    onActivity,
    stop,
    act: (type: string = 'mousemove') => document.dispatchEvent(new Event(type)),
    /** What the browser does in this tab when another tab writes the shared key. */
    hearStorage: () => window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY })),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the inactivity timer', () => {
  it('signs out after 10 minutes without activity, not a moment before', () => {
    const t = tab();
    vi.advanceTimersByTime(10 * MINUTE - 1);
    expect(t.onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(t.onIdle).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(30 * MINUTE);
    expect(t.onIdle).toHaveBeenCalledOnce();
  });

  it.each([...ACTIVITY_EVENTS, 'keydown'])('counts %s as activity', (type) => {
    const t = tab();
    vi.advanceTimersByTime(9 * MINUTE);
    t.act(type);
    vi.advanceTimersByTime(9 * MINUTE);
    expect(t.onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(t.onIdle).toHaveBeenCalledOnce();
  });

  it('does not count other events (focus, a resize) as activity', () => {
    const t = tab();
    vi.advanceTimersByTime(9 * MINUTE);
    t.act('resize');
    t.act('focusin');
    vi.advanceTimersByTime(MINUTE);
    expect(t.onIdle).toHaveBeenCalledOnce();
  });

  it('starts afresh whatever an earlier session left in storage', () => {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now() - 60 * MINUTE));
    const t = tab();
    vi.advanceTimersByTime(9 * MINUTE);
    expect(t.onIdle).not.toHaveBeenCalled();
  });

  it('reports each activity so the caller can tell the server', () => {
    const t = tab();
    expect(t.onActivity).toHaveBeenCalledTimes(1); // starting counts
    t.act('click');
    t.act('keypress');
    expect(t.onActivity).toHaveBeenCalledTimes(3);
  });

  it('stops listening once stopped', () => {
    const t = tab();
    t.stop();
    t.act('click');
    vi.advanceTimersByTime(20 * MINUTE);
    expect(t.onIdle).not.toHaveBeenCalled();
    expect(t.onActivity).toHaveBeenCalledTimes(1);
  });
});

describe('the inactivity timer across tabs', () => {
  it('keeps a quiet tab signed in while the user works in another', () => {
    const quiet = tab();
    const busy = tab();
    vi.advanceTimersByTime(6 * MINUTE);
    busy.act('keypress');
    quiet.hearStorage();
    vi.advanceTimersByTime(6 * MINUTE); // 12 min since the quiet tab's own activity
    expect(quiet.onIdle).not.toHaveBeenCalled();
    expect(busy.onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4 * MINUTE); // 10 min since the last activity anywhere
    expect(quiet.onIdle).toHaveBeenCalledOnce();
    expect(busy.onIdle).toHaveBeenCalledOnce();
  });

  it('reads the shared time at its deadline even if no storage event arrived', () => {
    const quiet = tab();
    const busy = tab();
    vi.advanceTimersByTime(5 * MINUTE);
    busy.act('scroll');
    vi.advanceTimersByTime(5 * MINUTE);
    expect(quiet.onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(quiet.onIdle).toHaveBeenCalledOnce();
  });

  it('writes the shared time at most once a second, however fast the mouse moves', () => {
    const t = tab();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(10);
      t.act('mousemove');
    }
    expect(setItem.mock.calls.filter(([key]) => key === LAST_ACTIVITY_KEY).length).toBeLessThanOrEqual(1);
  });

  it('still times itself out when storage is switched off', () => {
    const document = new EventTarget() as unknown as Document;
    const onIdle = vi.fn();
    startInactivityMonitor({ onIdle, target: document, events: new EventTarget() as unknown as Window, storage: null });
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onIdle).toHaveBeenCalledOnce();
  });
});
