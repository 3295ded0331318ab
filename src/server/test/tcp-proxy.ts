import net from 'node:net';

/**
 * A TCP proxy to stand between the app and PostgreSQL, so a test can take the
 * database away (every connection cut, new ones refused) and bring it back.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const [s, partner] of [
          [client, upstream],
          [upstream, client],
        ] as const) {
          sockets.add(s);
          // One side closed or reset closes the other, as a direct connection would: a pipe ends
          // its destination on 'end' but not on an error (a backend that exits with unread input
          // resets its socket), which would leave the app's end of the connection open forever.
          s.on('close', () => {
            sockets.delete(s);
            partner.destroy();
          });
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Like a server restart: cut every connection and refuse new ones. */
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    start: listen,
  };
}

/** A proxy in front of the PostgreSQL server of `url`, and the address that reaches it through the proxy. */
export async function proxyInFrontOf(url: string) {
  const target = new URL(url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(url);
  viaProxy.port = String(proxy.port);
  return { proxy, urlViaProxy: viaProxy.toString() };
}
