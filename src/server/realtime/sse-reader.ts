/** Reads Server-Sent Events from a fetch Response body (tests and the benchmark). */
export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: Array<{ event: string; data: string }> = [];

  async function next(timeoutMs = 5_000): Promise<{ event: string; data: string }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ready = events.shift();
      if (ready) return ready;
      const boundary = buffer.indexOf('\n\n');
      if (boundary >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length > 0) events.push({ event, data: data.join('\n') });
        continue;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('timed out waiting for an event');
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('timed out waiting for an event')), remaining),
        ),
      ]);
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  /** The next event of one of `names`, skipping others. */
  async function nextOf(names: string[], timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const e = await next(Math.max(1, deadline - Date.now()));
      if (names.includes(e.event)) return e;
    }
  }

  return { next, nextOf, cancel: () => reader.cancel().catch(() => undefined) };
}
