import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { ChangeFeedService, ChangeTopic } from './change-feed.service.js';

/**
 * A value derived from the database that every replica keeps alike: read at start, and read again whenever `topic`
 * changes or the change feed may have missed changes (resync). Subclasses say how to read it (`refresh`).
 */
export abstract class ChangeFollower implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly unsubscribe: ReadonlyArray<() => void>;

  protected constructor(changes: ChangeFeedService, topic: ChangeTopic) {
    const refresh = () => void this.refresh();
    this.unsubscribe = [changes.subscribe(topic, refresh), changes.onResync(refresh)];
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
  }

  onModuleDestroy(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }

  /** Reads the value again; must not throw (keep or poison the old value instead). */
  abstract refresh(): Promise<void>;
}
