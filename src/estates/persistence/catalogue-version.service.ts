import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ChangeFeedService } from '../../database/change-feed.service.js';
import { EstateRepository } from './estate.repository.js';

/**
 * The version of the whole catalogue, for what depends on many listings at once (similar estates, search): known
 * without a query on the request path, read again from the database whenever a sync changed listings, so every
 * replica arrives at the same value (and the same ETags).
 */
@Injectable()
export class CatalogueVersionService implements OnApplicationBootstrap, OnModuleDestroy {
  private value = 'unknown';
  private readonly unsubscribe: Array<() => void>;

  constructor(
    private readonly estates: EstateRepository,
    changes: ChangeFeedService,
  ) {
    const refresh = () => void this.refresh();
    this.unsubscribe = [changes.subscribe('estates', refresh), changes.onResync(refresh)];
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
  }

  onModuleDestroy(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }

  get current(): string {
    return this.value;
  }

  async refresh(): Promise<void> {
    try {
      this.value = await this.estates.catalogueFingerprint();
    } catch {
      // The database is away: a version no response can match, so nothing stale is served as current.
      this.value = `unknown-${Date.now()}`;
    }
  }
}
