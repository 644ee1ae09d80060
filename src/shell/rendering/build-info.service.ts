import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { AppConfig } from '../../config/config.js';
import { ASSETS_DIR, CODE_ROOT, I18N_DIR } from '../../utils/paths.js';
import { computeBuildId } from './build-id.js';

/** Settings that never reach a page (and secrets, which must not even be hashed into a header). */
const NOT_RENDERED = /SECRET|PASSWORD|TOKEN|API_KEY|DATABASE_URL|SMTP_URL|LOG_|PORT|HOST$/;

/**
 * What renders pages, fingerprinted once at start: the code, texts and assets (computeBuildId), and the
 * configuration pages show (agency name, map tiles, bot-check site key…), so a restart with other settings
 * never answers 304 for a page made with the old ones.
 */
@Injectable()
export class BuildInfoService {
  readonly id: string;

  constructor(@Inject(AppConfig) config: AppConfig) {
    const code = computeBuildId([join(CODE_ROOT, 'src'), join(CODE_ROOT, 'views'), I18N_DIR, join(ASSETS_DIR, 'manifest.json')]);
    const rendered = Object.entries(config)
      .filter(([name]) => !NOT_RENDERED.test(name))
      .sort(([a], [b]) => a.localeCompare(b));
    this.id = `${code}.${createHash('sha1').update(JSON.stringify(rendered)).digest('base64url').slice(0, 8)}`;
  }
}
