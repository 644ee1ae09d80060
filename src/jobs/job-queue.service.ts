import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { PgBoss, type ConstructorOptions, type Db, type Job as PgBossJob, type JobResult } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/config.js';
import { DatabaseLocationService } from '../database/database-location.service.js';
import { PendingMigrationsError } from '../database/migration-state.js';

/** pg-boss keeps its tables in a schema of its own, beside the app's. */
const JOBS_SCHEMA = 'pgboss';
/** How long a stopping process waits for running jobs before leaving them to expire and be retried elsewhere. */
const STOP_TIMEOUT_MS = 5000;

export interface QueueSettings {
  /**
   * `exclusive`: at most one job per singleton key is queued or running at a time (the sync). `stately`: at most one
   * queued and one running per key (a run asked for while one runs still happens, once: the digest matcher).
   */
  readonly policy?: 'standard' | 'exclusive' | 'stately';
  /** Retries after the first attempt. */
  readonly retryLimit: number;
  readonly retryDelaySeconds?: number;
  /** Doubles the delay on every retry, with jitter. */
  readonly retryBackoff?: boolean;
  readonly retryDelayMaxSeconds?: number;
  /** A job running longer is taken to have died with its process, and is retried. */
  readonly expireInSeconds: number;
}

export interface SendOptions {
  /**
   * Sends inside the caller's transaction: the job exists only if that commits. The queue must be
   * defined first (on the embedded database a lookup outside the transaction would wait for it forever).
   */
  readonly manager?: EntityManager;
  /** With `singletonSeconds`: one job per key per time slot (throttling). On an exclusive queue: one per key at a time. */
  readonly singletonKey?: string;
  readonly singletonSeconds?: number;
}

export interface Job<T> {
  readonly id: string;
  readonly data: T;
  /** 0 on the first attempt. */
  readonly retryCount: number;
  /** No retry follows when this attempt fails. */
  readonly lastAttempt: boolean;
  /** Aborted when the job expires or this process stops. */
  readonly signal: AbortSignal;
}

export interface WorkOptions {
  /** Due jobs taken per fetch and run at once (default 1). */
  readonly batchSize?: number;
}

/** A queue's jobs by state, as pg-boss last counted them (its monitor recounts every minute). */
export interface QueueCounts {
  readonly queue: string;
  /** Waiting to run: due now, retrying later, or deferred. */
  readonly queued: number;
  readonly active: number;
  /** Failed for good, still kept in the table (pg-boss deletes them after its retention). */
  readonly failed: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** A job that runs once per interval across every process (see JobQueueService.schedule). */
export interface Schedule {
  /** Queues this interval's job unless a process already did; the job id, or null. */
  offer(): Promise<string | null>;
  stop(): void;
}

/** How often each process offers a scheduled job: the first offer in an interval wins, the rest are turned away. */
const OFFER_EVERY_MS = 60_000;

export class QueueNotDefinedError extends Error {
  override readonly name = 'QueueNotDefinedError';
  constructor(queue: string) {
    super(`queue ${queue} is not defined in this process: call JobQueueService.define() before sending to it`);
  }
}

/** pg-boss statements over a node-postgres client or pool (a caller's transaction, or the embedded database's session). */
function executor(target: { query(text: string, values?: unknown[]): Promise<unknown> }): Db {
  return { executeSql: (text, values) => target.query(text, values) as Promise<{ rows: unknown[] }> };
}

/** The connection a TypeORM transaction holds, for statements that must be part of it. */
async function transactionClient(manager: EntityManager): Promise<{ query(text: string, values?: unknown[]): Promise<unknown> }> {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) throw new Error('JobQueueService.send({ manager }) needs the manager of an open transaction');
  return (await runner.connect()) as { query(text: string, values?: unknown[]): Promise<unknown> };
}

/** pg-boss on the app's database: its own small pool on PostgreSQL; the shared session on the embedded one. */
export async function pgBossOptions(config: AppConfig, location: DatabaseLocationService): Promise<ConstructorOptions> {
  const common: ConstructorOptions = { schema: JOBS_SCHEMA, schedule: false, application_name: 'immo-jobs' };
  const embedded = await location.embeddedDatabase();
  if (embedded) return { ...common, db: executor(embedded.pool), backend: 'pglite', migrate: true };
  // A real server is migrated by an admin (`npm run migration:run`), as the app's own tables are.
  return { ...common, connectionString: config.DATABASE_URL, max: 3, connectionTimeoutMillis: config.DATABASE_CONNECT_TIMEOUT_MS, migrate: false };
}

/**
 * The one job queue of the app (pg-boss on its database), for mail, the sync and later features.
 * Each job is handed to one worker of one process; a failed job is retried with the queue's
 * backoff. Started on first use, so commands that never use it never start it (`npm run sync` does only to queue
 * appointment confirmations for the web app).
 */
@Injectable()
export class JobQueueService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(JobQueueService.name);
  private boss?: Promise<PgBoss>;
  private readonly queues = new Map<string, QueueSettings>();
  private readonly workers = new Map<string, string[]>();
  private readonly schedules = new Set<Schedule>();

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(DatabaseLocationService) private readonly location: DatabaseLocationService,
  ) {}

  /** Creates the queue, or brings its retry and expiry settings up to date. */
  async define(name: string, settings: QueueSettings): Promise<void> {
    const boss = await this.started();
    const options = {
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds ?? 0,
      retryBackoff: settings.retryBackoff ?? false,
      expireInSeconds: settings.expireInSeconds,
    };
    const max = settings.retryDelayMaxSeconds === undefined ? {} : { retryDelayMax: settings.retryDelayMaxSeconds };
    await boss.createQueue(name, { ...options, ...max, policy: settings.policy ?? 'standard' });
    await boss.updateQueue(name, options);
    this.queues.set(name, settings);
  }

  /** Queues a job; null when a singleton rule kept it out (one is already queued for that key or slot). */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    if (!this.queues.has(name)) throw new QueueNotDefinedError(name);
    const boss = await this.started();
    const db = options.manager ? executor(await transactionClient(options.manager)) : undefined;
    return boss.send(name, data, { singletonKey: options.singletonKey, singletonSeconds: options.singletonSeconds, db });
  }

  /**
   * Runs `handler` for each job of the queue in this process; a handler that throws has its job retried.
   * `batchSize` > 1 takes that many due jobs per fetch and runs them at once, and fetches again at once while
   * fetches come back full: a backlog is worked at the handler's speed, not one job per poll.
   */
  async work<T>(name: string, handler: (job: Job<T>) => Promise<void>, options: WorkOptions = {}): Promise<void> {
    const settings = this.queues.get(name);
    if (!settings) throw new QueueNotDefinedError(name);
    const boss = await this.started();
    const batchSize = options.batchSize ?? 1;
    const run = async (job: PgBossJob<T>): Promise<JobResult> => {
      const lastAttempt = job.retryCount >= settings.retryLimit;
      try {
        await handler({ id: job.id, data: job.data, retryCount: job.retryCount, lastAttempt, signal: job.signal });
        return { id: job.id, status: 'completed' };
      } catch (error) {
        this.logger.warn(`job ${name} ${job.id} failed (attempt ${job.retryCount + 1}${lastAttempt ? ', no retry left' : ''}): ${String(error)}`);
        return { id: job.id, status: 'failed', output: { message: error instanceof Error ? error.message : String(error) } };
      }
    };
    const id = await boss.work<T>(
      name,
      {
        pollingIntervalSeconds: this.config.JOBS_POLL_INTERVAL_SECONDS,
        batchSize,
        burstWhenBatchFull: batchSize > 1,
        // Each job of a batch is settled on its own: one failure retries that job only.
        perJobResults: true,
      },
      (jobs) => Promise.all(jobs.map(run)),
    );
    this.workers.set(name, [...(this.workers.get(name) ?? []), id]);
  }

  /**
   * Runs a job on `name` once per `intervalSeconds`, however many processes run this: each offers it
   * now and then (at most every minute), and pg-boss keeps one job per key per interval (throttling
   * on the key's time slot). On an exclusive queue an offer made while the job runs is turned away too.
   */
  schedule<T extends object>(name: string, intervalSeconds: number, data: T, key: string = name): Schedule {
    const offer = async (): Promise<string | null> => {
      try {
        const id = await this.send(name, data, { singletonKey: key, singletonSeconds: intervalSeconds });
        if (id) this.wake(name);
        return id;
      } catch (error) {
        this.logger.warn(`scheduled job ${name} not queued: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    };
    const timer = setInterval(() => void offer(), Math.min(OFFER_EVERY_MS, intervalSeconds * 1000));
    timer.unref();
    const schedule: Schedule = {
      offer,
      stop: () => {
        clearInterval(timer);
        this.schedules.delete(schedule);
      },
    };
    this.schedules.add(schedule);
    return schedule;
  }

  /** Makes this process's workers of the queue look for jobs now instead of at their next poll. */
  wake(name: string): void {
    void this.boss?.then((boss) => this.workers.get(name)?.forEach((id) => boss.notifyWorker(id))).catch(() => undefined);
  }

  /**
   * Makes the queue's jobs that wait for a later retry due now (a dependency came back: SMTP answers again), and
   * wakes this process's workers. Returns how many were waiting. pg-boss has no call for it, so this reads its table.
   */
  async retryNow(name: string): Promise<number> {
    const boss = await this.started();
    const { rows } = await boss
      .getDb()
      .executeSql(`UPDATE ${JOBS_SCHEMA}.job SET start_after = now() WHERE name = $1 AND state = 'retry' AND start_after > now() RETURNING id`, [name]);
    if (rows.length > 0) this.wake(name);
    return rows.length;
  }

  /** The state of one job (for operators and tests); null once pg-boss has deleted it. */
  async state(name: string, id: string): Promise<JobState | null> {
    const job = await (await this.started()).getJobById(name, id);
    return job?.state ?? null;
  }

  /** Every queue in the database (defined by any process), with its job counts; one cheap read of pg-boss's queue table. */
  async counts(): Promise<QueueCounts[]> {
    const queues = await (await this.started()).getQueues();
    return queues.map((queue) => ({ queue: queue.name, queued: queue.queuedCount, active: queue.activeCount, failed: queue.failedCount }));
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const schedule of [...this.schedules]) schedule.stop();
    const boss = await this.boss?.catch(() => undefined);
    this.boss = undefined;
    // Graceful: running jobs may finish; pg-boss closes only a pool of its own.
    await boss?.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: true });
  }

  private started(): Promise<PgBoss> {
    this.boss ??= this.start();
    return this.boss;
  }

  private async start(): Promise<PgBoss> {
    const boss = new PgBoss(await pgBossOptions(this.config, this.location));
    boss.on('error', (error: Error) => this.logger.warn(`job queue: ${error.message}`));
    boss.on('warning', (warning: { message?: string }) => this.logger.warn(`job queue: ${warning.message ?? String(warning)}`));
    try {
      await boss.start();
    } catch (error) {
      this.boss = undefined;
      if (!this.config.embeddedDatabase && /not installed|version/i.test(String(error))) {
        throw new PendingMigrationsError([`the job queue schema "${JOBS_SCHEMA}" (${(error as Error).message})`]);
      }
      throw error;
    }
    return boss;
  }
}

/** Installs or upgrades pg-boss's schema on a server; `npm run migration:run` and the tests' migrate() call it. */
export async function migrateJobQueue(url: string): Promise<void> {
  const boss = new PgBoss({ connectionString: url, schema: JOBS_SCHEMA, migrate: true, schedule: false, supervise: false, max: 1 });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
