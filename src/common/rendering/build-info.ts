import { Injectable } from '@nestjs/common';
import { join } from 'node:path';
import { ASSETS_DIR, CODE_ROOT, I18N_DIR } from '../paths.js';
import { computeBuildId } from './build-id.js';

/** The rendering build's fingerprint, computed once at start (see computeBuildId). */
@Injectable()
export class BuildInfo {
  readonly id = computeBuildId([join(CODE_ROOT, 'src'), join(CODE_ROOT, 'views'), I18N_DIR, join(ASSETS_DIR, 'manifest.json')]);
}
