import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../support/test-app.js';

export interface ServedApp extends TestApp {
  readonly baseUrl: string;
}

/** The real app listening on a loopback port, so a browser can reach it. */
export async function serveApp(env: Record<string, string> = {}): Promise<ServedApp> {
  const testApp = await startTestApp(env);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.server.address() as AddressInfo;
  return { ...testApp, baseUrl: `http://127.0.0.1:${port}` };
}
