import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { serveApp, type ServedApp } from './served-app.js';
import { TileServer } from './tile-server.js';
import { startTogether } from '../../support/start-together.js';

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
  const close = async (app?: ServedApp, browser?: Browser) => {
    await browser?.close();
    await app?.close();
    await tiles?.stop();
  };
  const [app, browser] = await startTogether([serveApp(tiles ? { MAP_TILE_URL: tiles.template, ...env } : env), launchBrowser()], close);
  return { app, browser, close: () => close(app, browser) };
}
