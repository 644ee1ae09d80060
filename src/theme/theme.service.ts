import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config.js';
import { ChangeFeedService } from '../database/change-feed.service.js';
import { ChangeFollower } from '../database/change-follower.js';
import { type StickerColors, themeCss } from './theme-css.js';

export const THEME_PATH = '/theme.css';

/**
 * The stylesheet made from configuration and data (brand colour, sticker colours), served by the app so pages
 * need no inline style. Its URL carries its version, so browsers and CDNs keep it until it changes.
 */
@Injectable()
export class ThemeService extends ChangeFollower {
  private readonly logger = new Logger(ThemeService.name);
  private theme = { css: '', version: '' };

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    changes: ChangeFeedService,
  ) {
    // Synced listings may bring a sticker colour the theme has no class for yet (on every replica alike).
    super(changes, 'estates');
    this.apply([]);
  }

  get css(): string {
    return this.theme.css;
  }

  get version(): string {
    return this.theme.version;
  }

  get stylesheetUrl(): string {
    return `${THEME_PATH}?v=${this.theme.version}`;
  }

  /** Re-reads the sticker colours of the cached listings (after a sync changed listings). */
  override async refresh(): Promise<void> {
    try {
      const rows: StickerColors[] = await this.dataSource.query(
        `SELECT DISTINCT document->'sticker'->>'color' AS "color", document->'sticker'->>'colorText' AS "colorText"
           FROM estates WHERE jsonb_typeof(document->'sticker') = 'object' ORDER BY 1, 2`,
      );
      this.apply(rows.filter((row) => row.color && row.colorText));
    } catch (error) {
      this.logger.warn({ err: error }, 'sticker colours could not be read; the theme keeps its previous colours');
    }
  }

  private apply(stickers: readonly StickerColors[]): void {
    const css = themeCss(this.config.BRAND_COLOR, stickers);
    this.theme = { css, version: createHash('sha256').update(css).digest('base64url').slice(0, 10) };
  }
}
