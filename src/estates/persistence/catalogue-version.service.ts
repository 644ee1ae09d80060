import { Injectable } from '@nestjs/common';
import { ChangeFeedService } from '../../database/change-feed.service.js';
import { ChangeFollower } from '../../database/change-follower.js';
import { EstateRepository } from './estate.repository.js';

/**
 * The version of the whole catalogue, for what depends on many listings at once (similar estates, search): known
 * without a query on the request path, read again from the database whenever a sync changed listings, so every
 * replica arrives at the same value (and the same ETags).
 */
@Injectable()
export class CatalogueVersionService extends ChangeFollower {
  private value = 'unknown';

  constructor(
    private readonly estates: EstateRepository,
    changes: ChangeFeedService,
  ) {
    super(changes, 'estates');
  }

  get current(): string {
    return this.value;
  }

  override async refresh(): Promise<void> {
    try {
      this.value = await this.estates.catalogueFingerprint();
    } catch {
      // The database is away: a version no response can match, so nothing stale is served as current.
      this.value = `unknown-${Date.now()}`;
    }
  }
}
