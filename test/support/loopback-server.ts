import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server on a free loopback port: what every fake service listens on. */
export async function listenOnLoopback(handler: RequestListener): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Its `http://127.0.0.1:port`, without a trailing slash. */
export function loopbackOrigin(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops it once its connections are done (nothing to do when it never started). */
export async function closeServer(server: Server | undefined): Promise<void> {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
}
