import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { serveApp, type ServedApp } from './served-app.js';
import { TileServer } from './tile-server.js';

/** The served app and the browser a test file's tests share (with the local map tile server when asked for). */
export interface BrowserApp {
  readonly app: ServedApp;
  readonly browser: Browser;
  /** Closes the browser, then the app, then the tile server. */
  close(): Promise<void>;
}

/** Serves the app with `env` and launches the browser side by side; `tiles` also starts the tile server the app's maps use. */
export async function startBrowserApp(env: Record<string, string> = {}, { tiles: withTiles = false }: { tiles?: boolean } = {}): Promise<BrowserApp> {
  const tiles = withTiles ? new TileServer() : null;
  await tiles?.start();
  const [served, launched] = await Promise.allSettled([serveApp(tiles ? { MAP_TILE_URL: tiles.template, ...env } : env), launchBrowser()]);
  const app = served.status === 'fulfilled' ? served.value : null;
  const browser = launched.status === 'fulfilled' ? launched.value : null;
  const close = async () => {
    await browser?.close();
    await app?.close();
    await tiles?.stop();
  };
  if (!app || !browser) {
    await close();
    throw served.status === 'rejected' ? served.reason : (launched as PromiseRejectedResult).reason;
  }
  return { app, browser, close };
}
