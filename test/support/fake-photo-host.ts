import type { Server } from 'node:http';
import { closeServer, listenOnLoopback, loopbackOrigin } from './loopback-server.js';

/** A local stand-in for a CRM's photo host, counting what it was asked (to show what the proxy did not fetch). */
export class FakePhotoHost {
  readonly hits = new Map<string, number>();
  private readonly files = new Map<string, { status: number; type: string; body: Buffer; location?: string }>();
  private server?: Server;

  put(path: string, body: Buffer, status = 200, type = 'image/jpeg'): void {
    this.files.set(path, { status, type, body });
  }

  /** `path` answers 302 to `location`. */
  redirect(path: string, location: string): void {
    this.files.set(path, { status: 302, type: 'text/plain', body: Buffer.from('moved'), location });
  }

  hitsOf(path: string): number {
    return this.hits.get(path) ?? 0;
  }

  /** Requests of every path so far. */
  get totalHits(): number {
    return [...this.hits.values()].reduce((sum, count) => sum + count, 0);
  }

  async start(): Promise<void> {
    this.server = await listenOnLoopback((req, res) => {
      const path = req.url ?? '/';
      this.hits.set(path, this.hitsOf(path) + 1);
      const file = this.files.get(path);
      if (!file) {
        res.writeHead(404).end('not found');
        return;
      }
      const location = file.location ? { Location: file.location } : {};
      res.writeHead(file.status, { 'Content-Type': file.type, 'Content-Length': file.body.length, ...location }).end(file.body);
    });
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }

  get url(): string {
    return loopbackOrigin(this.server!);
  }
}
