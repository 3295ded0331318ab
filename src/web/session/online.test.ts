import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendWhenOnline, whenOnline } from './online.ts';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  if (!offline) window.dispatchEvent(new Event('online'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('background sends and the network', () => {
  it('sends at once while online', () => {
    const send = vi.fn();
    sendWhenOnline(send)();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('holds sends made offline and sends once when the network is back', async () => {
    goOffline(true);
    const send = vi.fn();
    const report = sendWhenOnline(send);
    report();
    report();
    report();
    expect(send).not.toHaveBeenCalled();
    goOffline(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('waits for the online event, or gives up waiting when aborted', async () => {
    goOffline(true);
    let resolved = false;
    void whenOnline().then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    const controller = new AbortController();
    const aborted = whenOnline(controller.signal);
    controller.abort();
    await expect(aborted).resolves.toBeUndefined();
    goOffline(false);
    await Promise.resolve();
    expect(resolved).toBe(true);
  });
});
