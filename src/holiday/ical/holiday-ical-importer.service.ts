import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../config/config.js';
import { ChangeFeedService } from '../../database/change-feed.service.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import { type FeedImportReport, HolidayRepository } from '../persistence/holiday.repository.js';
import { rangesFromIcal } from './ical-feed.js';

export const ICAL_QUEUE = 'holiday-ical-import';
const ALL_FEEDS_KEY = 'holiday-ical-all';
const FETCH_TIMEOUT_MS = 15_000;
const MAX_FEED_BYTES = 5_000_000;

/** The body as text, refused as soon as it passes `limit` bytes (a feed that never ends fails instead of filling memory). */
async function readLimited(response: Response, limit: number, what: string): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > limit) throw new Error(`${what} is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One unit's feed, or (without `unitId`) a job that queues one per unit with a feed. */
interface IcalJob {
  readonly unitId?: number;
}

/**
 * Imports each unit's iCal feed (the owner's calendar on booking platforms) through the job queue: at start, then
 * every HOLIDAY_ICAL_INTERVAL_MINUTES. A feed that cannot be read keeps the ranges of its last import (retried).
 */
@Injectable()
export class HolidayIcalImporterService implements OnApplicationBootstrap {
  private readonly logger = new Logger(HolidayIcalImporterService.name);

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly jobs: JobQueueService,
    private readonly repository: HolidayRepository,
    private readonly changes: ChangeFeedService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.define(ICAL_QUEUE, { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 120 });
    await this.jobs.work<IcalJob>(ICAL_QUEUE, async (job) => {
      if (job.data.unitId === undefined) await this.queueAll();
      else await this.importUnit(job.data.unitId, job.signal);
    });
    const interval = this.config.HOLIDAY_ICAL_INTERVAL_MINUTES * 60;
    if (interval > 0) {
      await this.jobs.schedule<IcalJob>(ICAL_QUEUE, interval, {}, ALL_FEEDS_KEY).offer();
    } else {
      await this.queueAll();
    }
  }

  /** Queues the import of one unit's feed; the job id. */
  async queue(unitId: number): Promise<string | null> {
    const id = await this.jobs.send<IcalJob>(ICAL_QUEUE, { unitId });
    this.jobs.wake(ICAL_QUEUE);
    return id;
  }

  private async queueAll(): Promise<void> {
    for (const { unit } of await this.repository.findAll()) {
      if (unit.icalUrl) await this.queue(unit.id);
    }
  }

  async importUnit(unitId: number, signal?: AbortSignal): Promise<FeedImportReport | null> {
    const found = await this.repository.find(unitId);
    const url = found?.unit.icalUrl;
    if (!url) return null;
    const response = await fetch(url, {
      headers: { accept: 'text/calendar' },
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]) : AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`iCal feed of holiday unit ${unitId} answered ${response.status}`);
    const text = await readLimited(response, MAX_FEED_BYTES, `iCal feed of holiday unit ${unitId}`);
    if (!/BEGIN:VCALENDAR/.test(text)) throw new Error(`iCal feed of holiday unit ${unitId} is not a calendar`);
    const report = await this.repository.replaceFeedRanges(unitId, rangesFromIcal(text));
    this.logger.log(`iCal feed of holiday unit ${unitId}: ${report.added} added, ${report.changed} changed, ${report.removed} removed`);
    // Every replica forgets the pages it answers before routing (KnownPagesService): the unit's calendar changed.
    if (report.added + report.changed + report.removed > 0) await this.changes.publish('holiday', { unitIds: [unitId] });
    return report;
  }
}
