import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, registerServiceWorkerAfterLoad, SERVICE_WORKER_URL } from './service-worker.ts';

describe('registering the service worker', () => {
  it('registers /sw.js for the whole site, always asking the server for a new worker', async () => {
    const registration = {} as ServiceWorkerRegistration;
    const register = vi.fn().mockResolvedValue(registration);
    await expect(registerServiceWorker({ register })).resolves.toBe(registration);
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  });

  it('goes on without it where the browser has no service workers or refuses one', async () => {
    await expect(registerServiceWorker(undefined)).resolves.toBeNull();
    const refusing = { register: vi.fn().mockRejectedValue(new DOMException('denied', 'SecurityError')) };
    await expect(registerServiceWorker(refusing)).resolves.toBeNull();
  });

  it('waits for the load event, so the worker never competes with the first render', () => {
    const register = vi.fn().mockResolvedValue({});
    let onLoad: (() => void) | undefined;
    const win = {
      document: { readyState: 'loading' },
      navigator: { serviceWorker: { register } },
      addEventListener: (_type: string, listener: () => void) => {
        onLoad = listener;
      },
    } as unknown as Window;
    registerServiceWorkerAfterLoad(win);
    expect(register).not.toHaveBeenCalled();
    onLoad?.();
    expect(register).toHaveBeenCalledTimes(1);
  });
});
