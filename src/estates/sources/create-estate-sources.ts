import { join } from 'node:path';
import { FIXTURES_DIR } from '../../utils/paths.js';
import type { AppConfig } from '../../config/config.js';
import type { EstateSource } from './estate-source.port.js';
import { SourceAFixtureApi, SourceAHttpApi, sourceASettings } from './source-a/source-a.api.js';
import { SourceA } from './source-a/source-a.source.js';
import { SourceBFixtureApi, SourceBHttpApi } from './source-b/source-b.api.js';
import { SourceB } from './source-b/source-b.source.js';
import { WhiseHttpApi } from './whise/whise.api.js';
import { WhiseSource } from './whise/whise.source.js';

/**
 * Each configured CRM over HTTP: A (Zabun) with SOURCE_A_BASE_URL, B (the feed) with SOURCE_B_FEED_URL, W (Whise)
 * with WHISE_USERNAME. A and B read their demo catalogue in fixtures/ (no network) only where the demo is on
 * (`config.demoSources`: no CRM configured at all, or DEMO_DATA=true): an agency that connects one CRM gets no demo
 * listing beside it. Whise has no demo catalogue.
 */
export function createEstateSources(config: AppConfig, fixturesDir = FIXTURES_DIR): EstateSource[] {
  const http = { timeoutMs: config.SOURCE_TIMEOUT_MS, retries: config.SOURCE_RETRIES, backoffMs: config.SOURCE_BACKOFF_MS };
  const demo = new Set(config.demoSources.map((entry) => entry.source));
  const sources: EstateSource[] = [];
  const sourceA = config.SOURCE_A_BASE_URL
    ? new SourceAHttpApi({ ...http, baseUrl: config.SOURCE_A_BASE_URL }, sourceASettings(config), config.SOURCE_A_APPOINTMENTS_PATH)
    : demo.has('A')
      ? new SourceAFixtureApi(join(fixturesDir, 'source-a'))
      : null;
  const mediumId = config.SOURCE_A_MEDIUM_ID === 0 ? null : config.SOURCE_A_MEDIUM_ID;
  if (sourceA) sources.push(new SourceA(sourceA, { mediumId, language: config.SOURCE_A_LANGUAGE }));
  const sourceB = config.SOURCE_B_FEED_URL
    ? new SourceBHttpApi({ ...http, baseUrl: config.SOURCE_B_FEED_URL }, config.SOURCE_B_TOKEN)
    : demo.has('B')
      ? new SourceBFixtureApi(join(fixturesDir, 'source-b'))
      : null;
  if (sourceB) sources.push(new SourceB(sourceB));
  const whise = whiseApi(config);
  if (whise) sources.push(new WhiseSource(whise, { language: config.WHISE_LANGUAGE, appointments: config.WHISE_APPOINTMENTS, viewingRequestActionId: config.WHISE_VIEWING_ACTION_ID }));
  return sources;
}

/** The Whise client when WHISE_* is configured, else null; the source and the lead sink each hold one (own token cache). */
export function whiseApi(config: AppConfig): WhiseHttpApi | null {
  const credentials = config.whise;
  if (!credentials) return null;
  return new WhiseHttpApi(
    { baseUrl: config.WHISE_BASE_URL, timeoutMs: config.SOURCE_TIMEOUT_MS, retries: config.SOURCE_RETRIES, backoffMs: config.SOURCE_BACKOFF_MS },
    credentials,
  );
}
