import { streamSSE } from 'hono/streaming';
import { declareAccess, getSession } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter } from '../http/route.ts';
import { AppError } from '../errors.ts';

const HEARTBEAT_MS = 25_000;

/** `GET /api/events`: Server-Sent Events for the signed-in user (`ready`, `resync`, domain events). */
export function realtimeRoutes(deps: Deps) {
  const app = createRouter();
  declareAccess('GET', '/api/events', 'user');
  app.get('/api/events', async (c) => {
    const session = await getSession(c, deps);
    if (!session) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let id = 0;
      const queue: Array<{ event: string; data: string }> = [];
      let wake: (() => void) | undefined;
      let closed = false;
      const unsubscribe = deps.hub.subscribe({
        userId: session.userId,
        isAdmin: session.isAdmin,
        send: (event, data) => {
          queue.push({ event, data: JSON.stringify(data) });
          wake?.();
        },
        close: () => {
          closed = true;
          wake?.();
        },
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ userId: session.userId }), id: String(id++) });
      // Closed (the server stopping, the user's sessions ended): what is queued is still sent.
      while ((!closed || queue.length > 0) && !stream.aborted && !stream.closed) {
        const next = queue.shift();
        if (next) {
          await stream.writeSSE({ ...next, id: String(id++) });
          continue;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, HEARTBEAT_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
        if (queue.length === 0 && !closed && !stream.aborted) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
    });
  });
  return app;
}
