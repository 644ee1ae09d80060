import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { ChangeFeedService, ChangeTopic } from './change-feed.service.js';

/**
 * A value derived from the database that every replica keeps alike: read at start, and read again whenever `topic`
 * changes or the change feed may have missed changes (resync). Subclasses say how to read it (`refresh`).
 */
export abstract class ChangeFollower implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly stopFollowing: () => void;

  protected constructor(changes: ChangeFeedService, topic: ChangeTopic) {
    this.stopFollowing = changes.follow([topic], () => void this.refresh());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
  }

  onModuleDestroy(): void {
    this.stopFollowing();
  }

  /** Reads the value again; must not throw (keep or poison the old value instead). */
  abstract refresh(): Promise<void>;
}
