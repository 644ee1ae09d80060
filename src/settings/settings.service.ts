import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AppConfig } from '../config/config.js';
import { ChangeFeedService } from '../database/change-feed.service.js';
import { type InitialSettings, initialSettings, type ResolvedSetting, resolveSettings, type SettingName, type SiteSettings } from './setting-definitions.js';
import { SettingEntity } from './setting.entity.js';

/**
 * Read on every page, changed rarely: cached until a change on the `settings` topic of the change
 * feed (from this replica or another), or a resync after the feed lost changes.
 */
@Injectable()
export class SettingsService implements OnModuleDestroy {
  private cached?: Promise<SiteSettings>;
  private readonly stopFollowing: () => void;
  /** The SETTING_* environment variables: checked here, so a bad one stops the start. */
  private readonly initial: InitialSettings;

  constructor(
    @InjectRepository(SettingEntity) private readonly repository: Repository<SettingEntity>,
    private readonly changes: ChangeFeedService,
    @Inject(AppConfig) config: AppConfig,
  ) {
    this.initial = initialSettings(config);
    this.stopFollowing = changes.follow(['settings'], () => {
      this.cached = undefined;
    });
  }

  onModuleDestroy(): void {
    this.stopFollowing();
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

  /** Every setting with its value and where it comes from, read now (not cached). */
  async resolved(): Promise<ResolvedSetting[]> {
    const rows = await this.repository.find();
    return resolveSettings(new Map(rows.map((row) => [row.key, row.value])), this.initial);
  }

  private async load(): Promise<SiteSettings> {
    const settings = await this.resolved();
    return Object.fromEntries(settings.map(({ name, value }) => [name, value])) as unknown as SiteSettings;
  }

  async set<K extends SettingName>(key: K, value: SiteSettings[K]): Promise<void> {
    await this.repository.upsert({ key, value }, ['key']);
    await this.changes.publish('settings', { key });
  }

  /** Deletes the setting's row, so its environment value or default applies again; false when there was none. */
  async unset(key: SettingName): Promise<boolean> {
    const { affected } = await this.repository.delete({ key });
    await this.changes.publish('settings', { key });
    return (affected ?? 0) > 0;
  }
}
