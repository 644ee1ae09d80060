import { HttpStatus, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { InjectDataSource } from '@nestjs/typeorm';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { AppError } from '../utils/errors.js';

export interface RateLimitPolicy {
  /** Also the key prefix: one policy's counters never mix with another's. */
  readonly name: string;
  readonly points: number;
  readonly durationSeconds: number;
}

/** Keys longer than this are stored as their SHA-256 (the column holds 255 characters with the policy's prefix). */
const MAX_PLAIN_KEY_LENGTH = 128;

/** A key that fits the column whatever a visitor sent: long ones become their hash. */
export function boundedKey(key: string): string {
  return key.length <= MAX_PLAIN_KEY_LENGTH ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('tooManyRequests', HttpStatus.TOO_MANY_REQUESTS, { 'Retry-After': String(retryAfterSeconds) });
  }
}

/**
 * Counters in PostgreSQL (table `rate_limits`, created by a migration), so every replica shares them:
 * rate-limiter-flexible's atomic upsert per key.
 */
@Injectable()
export class RateLimitService {
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Counts one hit on `key` under `policy`; throws RateLimitedError (429 with Retry-After) beyond its points. */
  async consume(policy: RateLimitPolicy, key: string): Promise<void> {
    try {
      await this.limiter(policy).consume(boundedKey(key));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      throw rejection;
    }
  }

  /** Counts one hit on `key` under `policy`; false beyond its points, for a limit that holds something back rather than refusing. */
  async tryConsume(policy: RateLimitPolicy, key: string): Promise<boolean> {
    try {
      await this.consume(policy, key);
      return true;
    } catch (error) {
      if (error instanceof RateLimitedError) return false;
      throw error;
    }
  }

  private limiter(policy: RateLimitPolicy): RateLimiterPostgres {
    const id = `${policy.name}/${policy.points}/${policy.durationSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: this.dataSource,
        storeType: 'typeorm',
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix: policy.name,
        points: policy.points,
        duration: policy.durationSeconds,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
