import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/config.js';
import { EstateRepository } from '../estates/persistence/estate.repository.js';
import { createLeadSinks } from '../estates/sources/create-lead-sinks.js';
import type { LeadSink, SearchProfile, ViewingSlotPayload } from '../estates/sources/lead-sink.port.js';
import { type Job, JobQueueService } from '../jobs/job-queue.service.js';
import type { SourceName } from '../estates/domain/estate.js';
import type { LeadKind } from './lead.entity.js';
import { LeadRepository } from './lead.repository.js';

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
  /** A viewing request's preferred half-days. */
  readonly viewingSlots?: readonly ViewingSlotPayload[] | null;
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
    private readonly leads: LeadRepository,
    private readonly estates: EstateRepository,
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
    const estate = input.estateId ? await this.estates.findSourceRecord(manager, input.estateId) : null;
    const id = randomUUID();
    await this.leads.add(manager, {
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
      viewingSlots: input.viewingSlots ? [...input.viewingSlots] : null,
    });
    await this.jobs.send<LeadJob>(LEAD_QUEUE, { leadId: id }, { manager });
    return id;
  }

  /** Delivers soon, outside the request (after its transaction committed). */
  kick(): void {
    this.jobs.wake(LEAD_QUEUE);
  }

  private async deliver(job: Job<LeadJob>): Promise<void> {
    const lead = await this.leads.findById(job.data.leadId);
    // Erased (GDPR, retention) or already delivered by an earlier attempt.
    if (!lead || lead.status === 'DELIVERED' || lead.status === 'SKIPPED') return;
    const sink = this.sinks.get(lead.source);
    if (!sink) {
      await this.leads.markSkipped(lead.id);
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
        ...(lead.viewingSlots ? { viewing: { slots: lead.viewingSlots } } : {}),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.leads.markAttemptFailed(lead.id, lead.attempts + 1, reason, job.lastAttempt);
      if (job.lastAttempt) this.logger.error(`lead ${lead.id} to source ${lead.source} FAILED after ${lead.attempts + 1} attempt(s): ${reason}`);
      throw error;
    }
    await this.leads.markDelivered(lead.id, lead.attempts + 1);
  }
}
