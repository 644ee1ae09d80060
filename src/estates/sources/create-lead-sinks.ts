import type { AppConfig } from '../../config/config.js';
import type { SourceName } from '../domain/estate.js';
import { whiseApi } from './create-estate-sources.js';
import { type LeadSink, SourceALeadSink, SourceBLeadSink } from './lead-sink.port.js';
import { WhiseLeadSink } from './whise/whise.leads.js';

/** The CRMs that take leads: A when it is read over HTTP, B when its webhook is configured, W when Whise is configured. */
export function createLeadSinks(config: AppConfig): ReadonlyMap<SourceName, LeadSink> {
  const sinks = new Map<SourceName, LeadSink>();
  if (config.SOURCE_A_BASE_URL) {
    sinks.set(
      'A',
      new SourceALeadSink({
        baseUrl: config.SOURCE_A_BASE_URL,
        path: config.SOURCE_A_LEAD_PATH,
        credentials: { clientId: config.SOURCE_A_CLIENT_ID, apiKey: config.SOURCE_A_API_KEY, serverId: config.SOURCE_A_SERVER_ID },
        timeoutMs: config.SOURCE_TIMEOUT_MS,
      }),
    );
  }
  if (config.SOURCE_B_LEAD_WEBHOOK_URL) {
    sinks.set('B', new SourceBLeadSink({ url: config.SOURCE_B_LEAD_WEBHOOK_URL, token: config.SOURCE_B_TOKEN, timeoutMs: config.SOURCE_TIMEOUT_MS }));
  }
  const whise = whiseApi(config);
  if (whise) sinks.set('W', new WhiseLeadSink(whise, { officeId: config.whise!.officeId, language: config.WHISE_LANGUAGE }));
  return sinks;
}
