import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** Map tiles served locally (the machine has no network): one plain PNG for every tile. */
export class TileServer {
  requests = 0;
  private server?: Server;
  private tile?: Buffer;

  async start(): Promise<void> {
    this.tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#dfe8dc' } }).png().toBuffer();
    this.server = createServer((request, response) => {
      this.requests += 1;
      response.writeHead(/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '') ? 200 : 404, { 'Content-Type': 'image/png' });
      response.end(this.tile);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  get template(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/tiles/{z}/{x}/{y}.png`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
