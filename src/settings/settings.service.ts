import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ChangeFeedService } from '../database/change-feed.service.js';
import { SettingEntity } from './setting.entity.js';

export interface SiteSettings {
  /** Transaction statuses (e.g. SOLD) whose listings are hidden everywhere. */
  hiddenStatus: string[];
  /** Detail tabs (e.g. notary) not shown on detail pages. */
  hiddenTabs: string[];
  /** Sold and rented listings appear in search results (last), as references; off by default. */
  showUnavailable: boolean;
}

const DEFAULTS: SiteSettings = { hiddenStatus: [], hiddenTabs: [], showUnavailable: false };

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * Read on every page, changed rarely: cached until a change on the `settings` topic of the change
 * feed (from this replica or another), or a resync after the feed lost changes.
 */
@Injectable()
export class SettingsService implements OnModuleDestroy {
  private cached?: Promise<SiteSettings>;
  private readonly unsubscribe: Array<() => void>;

  constructor(
    @InjectRepository(SettingEntity) private readonly repository: Repository<SettingEntity>,
    private readonly changes: ChangeFeedService,
  ) {
    const drop = () => {
      this.cached = undefined;
    };
    this.unsubscribe = [changes.subscribe('settings', drop), changes.onResync(drop)];
  }

  onModuleDestroy(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }

  current(): Promise<SiteSettings> {
    if (this.cached) return this.cached;
    const loading = this.load();
    this.cached = loading;
    // A failed read (database down) is not cached: the next page tries again.
    loading.catch(() => {
      if (this.cached === loading) this.cached = undefined;
    });
    return loading;
  }

  private async load(): Promise<SiteSettings> {
    const rows = await this.repository.find();
    const byKey = new Map(rows.map((row) => [row.key, row.value]));
    return {
      hiddenStatus: byKey.has('hiddenStatus') ? stringList(byKey.get('hiddenStatus')) : DEFAULTS.hiddenStatus,
      hiddenTabs: byKey.has('hiddenTabs') ? stringList(byKey.get('hiddenTabs')) : DEFAULTS.hiddenTabs,
      showUnavailable: byKey.has('showUnavailable') ? byKey.get('showUnavailable') === true : DEFAULTS.showUnavailable,
    };
  }

  async set<K extends keyof SiteSettings>(key: K, value: SiteSettings[K]): Promise<void> {
    await this.repository.upsert({ key, value }, ['key']);
    await this.changes.publish('settings', { key });
  }
}
