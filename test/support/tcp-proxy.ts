import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the PostgreSQL server, so a test can take the database away from the
 * app (stop: every connection is cut and new ones are refused) and give it back on the same port,
 * or freeze it (freeze: connections stay open but nothing is forwarded, as with a server that hangs).
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  /** Each client with its upstream, so freeze() and thaw() can stop and resume forwarding. */
  private readonly pairs = new Set<{ client: Socket; upstream?: Socket }>();
  private frozen = false;
  private listenPort = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const pair: { client: Socket; upstream?: Socket } = { client };
      this.pairs.add(pair);
      this.track(client);
      client.on('close', () => {
        pair.upstream?.destroy();
        this.pairs.delete(pair);
      });
      // While frozen, a new connection is accepted and left waiting, as a hung server's kernel would.
      if (this.frozen) client.pause();
      else this.forward(pair);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.listenPort, '127.0.0.1', resolve));
    this.listenPort = (this.server.address() as AddressInfo).port;
  }

  get port(): number {
    return this.listenPort;
  }

  /** Cuts every connection and stops listening; start() opens the same port again. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Stops forwarding in both directions without closing anything: every query, and every new connection, waits. */
  freeze(): void {
    this.frozen = true;
    for (const { client, upstream } of this.pairs) {
      client.unpipe();
      upstream?.unpipe();
      client.pause();
      upstream?.pause();
    }
  }

  /** Forwards again what waited, and new connections reach the server. */
  thaw(): void {
    if (!this.frozen) return;
    this.frozen = false;
    for (const pair of this.pairs) this.forward(pair);
  }

  private forward(pair: { client: Socket; upstream?: Socket }): void {
    if (!pair.upstream) {
      const upstream = connect(this.targetPort, this.targetHost);
      this.track(upstream);
      upstream.on('close', () => pair.client.destroy());
      pair.upstream = upstream;
    }
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
    pair.client.resume();
    pair.upstream.resume();
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
  }
}
