import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/config.js';
import { EmbeddedPostgres } from './embedded-postgres.js';
import type { DatabaseTarget } from './typeorm-options.js';

/** Where the database is: the configured server, or the embedded one in this process. */
@Injectable()
export class DatabaseLocationService implements OnApplicationShutdown {
  private embedded?: Promise<EmbeddedPostgres>;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  async target(): Promise<DatabaseTarget> {
    const embedded = await this.embeddedDatabase();
    return embedded ? { embedded } : { url: this.config.DATABASE_URL! };
  }

  /** The embedded database, opened on first use; null with DATABASE_URL. */
  embeddedDatabase(): Promise<EmbeddedPostgres | null> {
    if (this.config.DATABASE_URL) return Promise.resolve(null);
    this.embedded ??= EmbeddedPostgres.open(this.config.DATA_DIR, { connectTimeoutMs: this.config.DATABASE_CONNECT_TIMEOUT_MS });
    return this.embedded;
  }

  async onApplicationShutdown(): Promise<void> {
    const embedded = this.embedded;
    this.embedded = undefined;
    await (await embedded?.catch(() => null))?.release();
  }
}
