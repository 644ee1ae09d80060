import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the PostgreSQL server, so a test can take the database away from the
 * app (stop: every connection is cut and new ones are refused) and give it back on the same port.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private listenPort = 0;
  private frozen = false;
  /** What arrived while frozen, delivered on thaw(). */
  private held: { to: Socket; data: Buffer }[] = [];

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      this.forward(client, upstream);
      this.forward(upstream, client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.listenPort, '127.0.0.1', resolve));
    this.listenPort = (this.server.address() as AddressInfo).port;
  }

  get port(): number {
    return this.listenPort;
  }

  /**
   * A frozen server (SIGSTOP, a network that drops packets): connections stay open, new ones are accepted, but
   * nothing is forwarded either way until thaw(); nobody gets an error, only silence.
   */
  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    for (const { to, data } of this.held.splice(0)) if (!to.destroyed) to.write(data);
  }

  private forward(from: Socket, to: Socket): void {
    from.on('data', (data: Buffer) => (this.frozen ? this.held.push({ to, data }) : to.write(data)));
  }

  /** Cuts every connection and stops listening; start() opens the same port again. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
