import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SettingEntity } from './setting.entity.js';

export interface SiteSettings {
  /** Transaction statuses (e.g. SOLD) whose listings are hidden everywhere. */
  hiddenStatus: string[];
  /** Detail tabs (e.g. notary) not shown on detail pages. */
  hiddenTabs: string[];
}

const DEFAULTS: SiteSettings = { hiddenStatus: [], hiddenTabs: [] };
const CACHE_MS = 10_000;

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

@Injectable()
export class SettingsService {
  private cached?: { settings: SiteSettings; at: number };

  constructor(@InjectRepository(SettingEntity) private readonly repository: Repository<SettingEntity>) {}

  /** Read on every page, changed rarely: kept for a few seconds so a page costs no extra query. */
  async current(): Promise<SiteSettings> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.settings;
    const rows = await this.repository.find();
    const byKey = new Map(rows.map((row) => [row.key, row.value]));
    const settings: SiteSettings = {
      hiddenStatus: byKey.has('hiddenStatus') ? stringList(byKey.get('hiddenStatus')) : DEFAULTS.hiddenStatus,
      hiddenTabs: byKey.has('hiddenTabs') ? stringList(byKey.get('hiddenTabs')) : DEFAULTS.hiddenTabs,
    };
    this.cached = { settings, at: Date.now() };
    return settings;
  }

  async set<K extends keyof SiteSettings>(key: K, value: SiteSettings[K]): Promise<void> {
    await this.repository.upsert({ key, value }, ['key']);
    this.cached = undefined;
  }
}
