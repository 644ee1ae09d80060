import type { Server } from 'node:http';
import sharp from 'sharp';
import { closeServer, listenOnLoopback, loopbackOrigin } from '../../support/loopback-server.js';

/** Map tiles served locally (the machine has no network): one plain PNG for every tile. */
export class TileServer {
  requests = 0;
  private server?: Server;
  private tile?: Buffer;

  async start(): Promise<void> {
    this.tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#dfe8dc' } }).png().toBuffer();
    this.server = await listenOnLoopback((request, response) => {
      this.requests += 1;
      response.writeHead(/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '') ? 200 : 404, { 'Content-Type': 'image/png' });
      response.end(this.tile);
    });
  }

  get template(): string {
    return `${loopbackOrigin(this.server!)}/tiles/{z}/{x}/{y}.png`;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }
}
