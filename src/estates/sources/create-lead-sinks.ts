import type { AppConfig } from '../../config/config.js';
import type { SourceName } from '../domain/estate.js';
import { whiseApi } from './create-estate-sources.js';
import { type LeadSink, SourceBLeadSink } from './lead-sink.port.js';
import { SourceAHttpApi, sourceASettings } from './source-a/source-a.api.js';
import { SourceALeadSink } from './source-a/source-a.leads.js';
import { WhiseLeadSink } from './whise/whise.leads.js';

/** The CRMs that take leads: A when it is read over HTTP, B when its webhook is configured, W when Whise is configured. */
export function createLeadSinks(config: AppConfig): ReadonlyMap<SourceName, LeadSink> {
  const sinks = new Map<SourceName, LeadSink>();
  if (config.SOURCE_A_BASE_URL) {
    const settings = sourceASettings(config);
    const http = { baseUrl: config.SOURCE_A_BASE_URL, timeoutMs: config.SOURCE_TIMEOUT_MS, retries: 0, backoffMs: config.SOURCE_BACKOFF_MS };
    sinks.set('A', new SourceALeadSink({ baseUrl: config.SOURCE_A_BASE_URL, settings, timeoutMs: config.SOURCE_TIMEOUT_MS, api: new SourceAHttpApi(http, settings) }));
  }
  if (config.SOURCE_B_LEAD_WEBHOOK_URL) {
    sinks.set('B', new SourceBLeadSink({ url: config.SOURCE_B_LEAD_WEBHOOK_URL, token: config.SOURCE_B_TOKEN, timeoutMs: config.SOURCE_TIMEOUT_MS }));
  }
  const whise = whiseApi(config);
  if (whise) sinks.set('W', new WhiseLeadSink(whise, { officeId: config.whise!.officeId, language: config.WHISE_LANGUAGE, viewingActionId: config.WHISE_VIEWING_ACTION_ID, viewingUserId: config.WHISE_VIEWING_USER_ID, countryId: config.WHISE_COUNTRY_ID }));
  return sinks;
}
