import net, { type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of PostgreSQL that a test can cut: `refuse()` drops every open
 * connection and refuses new ones (the database has gone away, as in a restart or failover),
 * `restore()` lets them through again on the same port. The app sees a real outage, not a mock.
 */
export interface DatabaseProxy {
  /** The database's URL through the proxy. */
  url: string;
  refuse(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  const forward = (client: Socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  const listen = (server: Server, port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

  let server = net.createServer(forward);
  await listen(server, 0);
  const { port } = server.address() as AddressInfo;
  let listening = true;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    async refuse() {
      if (!listening) return;
      listening = false;
      const closed = closeServer(server);
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore() {
      if (listening) return;
      server = net.createServer(forward);
      await listen(server, port);
      listening = true;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (listening) await closeServer(server);
      listening = false;
    },
  };
}
