/**
 * Counts the SQL statements a server sends to PostgreSQL: a TCP proxy between the two that reads
 * the client's side of the wire protocol and counts every statement executed, a simple Query
 * ('Q') or an extended-protocol Execute ('E'). A benchmark starts a second server through the
 * proxy just to count (the measured server talks to PostgreSQL directly, so the proxy adds
 * nothing to its latency), sends some requests one at a time, and divides.
 */
import net from 'node:net';

/** The untyped first messages: SSLRequest and GSSENCRequest are answered, then the startup message follows. */
const NEGOTIATION_CODES = new Set([80877103, 80877104]);

/** Follows one client connection's messages across TCP chunks. */
function messageCounter(onStatement: () => void) {
  let buffer: Buffer = Buffer.alloc(0);
  let startup = true;
  return (chunk: Buffer) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (startup) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(length);
        if (!NEGOTIATION_CODES.has(code)) startup = false;
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < 1 + length) return;
      const type = String.fromCharCode(buffer[0]!);
      if (type === 'Q' || type === 'E') onStatement();
      buffer = buffer.subarray(1 + length);
    }
  };
}

export type StatementCounter = {
  /** A database URL that reaches the target through the proxy. */
  url: string;
  statements: () => number;
  reset: () => void;
  stop: () => Promise<void>;
};

export async function startStatementCounter(databaseUrl: string): Promise<StatementCounter> {
  const target = new URL(databaseUrl);
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    const readClientMessages = messageCounter(() => (count += 1));
    client.on('data', readClientMessages);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as net.AddressInfo).port);
  return {
    url: proxied.toString(),
    statements: () => count,
    reset: () => {
      count = 0;
    },
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Statements per request: `requests` GETs of `path` sent one after another through a server
 * whose database connection is counted (after two unmeasured ones that prepare its statements).
 */
export async function statementsPerRequest(
  baseUrl: string,
  counter: StatementCounter,
  path: string,
  headers: Record<string, string>,
  requests = 20,
): Promise<number> {
  const get = async () => {
    const res = await fetch(`${baseUrl}${path}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status} while counting statements`);
  };
  await get();
  await get();
  counter.reset();
  for (let i = 0; i < requests; i++) await get();
  return counter.statements() / requests;
}
