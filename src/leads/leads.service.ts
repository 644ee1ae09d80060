import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/config.js';
import { EstateEntity } from '../estates/persistence/estate.entity.js';
import { createLeadSinks } from '../estates/sources/create-lead-sinks.js';
import type { LeadSink, SearchProfile } from '../estates/sources/lead-sink.port.js';
import { type Job, JobQueueService } from '../jobs/job-queue.service.js';
import type { SourceName } from '../estates/domain/estate.js';
import { LeadEntity, type LeadKind } from './lead.entity.js';

export const LEAD_QUEUE = 'lead-delivery';

interface LeadJob {
  readonly leadId: string;
}

/** Who the lead is from and what about; the listing (if any) decides which CRM gets it. */
export interface LeadInput {
  readonly estateId?: number | null;
  readonly locale: string;
  readonly name: string;
  readonly email: string;
  readonly phone?: string | null;
  readonly message?: string;
  /** A confirmed subscription's search. */
  readonly searchProfile?: SearchProfile | null;
}

/**
 * Every accepted visitor action the agency should see in its CRM. `record` stores the lead and its delivery job in
 * the caller's transaction (so a lead exists only if the submission does); a worker posts it to the listing's CRM
 * through the source's lead port, retried with a doubling delay. Leads for a CRM that takes none are SKIPPED.
 */
@Injectable()
export class LeadsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(LeadsService.name);
  private readonly sinks: ReadonlyMap<SourceName, LeadSink>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly jobs: JobQueueService,
  ) {
    this.sinks = createLeadSinks(config);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.define(LEAD_QUEUE, {
      retryLimit: this.config.LEAD_MAX_ATTEMPTS - 1,
      retryDelaySeconds: this.config.LEAD_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      retryDelayMaxSeconds: 6 * 3600,
      expireInSeconds: 120,
    });
    await this.jobs.work<LeadJob>(LEAD_QUEUE, (job) => this.deliver(job));
  }

  /** Stores a lead and queues its delivery inside `manager`'s open transaction; call `kick()` after it commits. */
  async record(kind: LeadKind, input: LeadInput, manager: EntityManager): Promise<string> {
    const estate = input.estateId ? await manager.findOne(EstateEntity, { where: { id: input.estateId }, select: { id: true, source: true, sourceId: true } }) : null;
    const id = randomUUID();
    await manager.insert(LeadEntity, {
      id,
      kind,
      source: estate?.source ?? this.config.LEAD_DEFAULT_SOURCE,
      estateId: estate?.id ?? null,
      sourceEstateId: estate?.sourceId ?? null,
      locale: input.locale,
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      message: input.message ?? '',
      searchProfile: input.searchProfile ?? null,
      status: 'PENDING',
      attempts: 0,
      lastError: null,
      deliveredAt: null,
    });
    await this.jobs.send<LeadJob>(LEAD_QUEUE, { leadId: id }, { manager });
    return id;
  }

  /** Delivers soon, outside the request (after its transaction committed). */
  kick(): void {
    this.jobs.wake(LEAD_QUEUE);
  }

  private async deliver(job: Job<LeadJob>): Promise<void> {
    const rows = this.dataSource.getRepository(LeadEntity);
    const lead = await rows.findOneBy({ id: job.data.leadId });
    // Erased (GDPR, retention) or already delivered by an earlier attempt.
    if (!lead || lead.status === 'DELIVERED' || lead.status === 'SKIPPED') return;
    const sink = this.sinks.get(lead.source);
    if (!sink) {
      await rows.update({ id: lead.id }, { status: 'SKIPPED' });
      return;
    }
    try {
      await sink.deliver({
        id: lead.id,
        kind: lead.kind,
        createdAt: lead.createdAt.toISOString(),
        locale: lead.locale,
        contact: { name: lead.name, email: lead.email, phone: lead.phone },
        message: lead.message,
        propertyId: lead.sourceEstateId,
        searchProfile: lead.searchProfile,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await rows.update({ id: lead.id }, { status: job.lastAttempt ? 'FAILED' : 'PENDING', attempts: lead.attempts + 1, lastError: reason });
      if (job.lastAttempt) this.logger.error(`lead ${lead.id} to source ${lead.source} FAILED after ${lead.attempts + 1} attempt(s): ${reason}`);
      throw error;
    }
    await rows.update({ id: lead.id }, { status: 'DELIVERED', attempts: lead.attempts + 1, lastError: null, deliveredAt: new Date() });
  }
}
