import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { ASSETS_DIR } from '../utils/paths.js';

export const ASSETS_BASE_PATH = '/assets/';

/** Logical asset name (`app.js`) -> content-hashed URL, from the manifest esbuild writes. */
@Injectable()
export class AssetsService {
  private readonly manifest: Record<string, string>;

  constructor() {
    const file = join(ASSETS_DIR, 'manifest.json');
    try {
      this.manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    } catch {
      throw new Error(`Asset manifest ${file} is missing: run \`npm run build:assets\` first.`);
    }
  }

  url(name: string): string {
    const file = this.manifest[name];
    if (!file) throw new Error(`Asset ${name} is not in the manifest`);
    return ASSETS_BASE_PATH + file;
  }

  get pageStyles(): string[] {
    return [this.url('app.css')];
  }

  get pageScripts(): string[] {
    return [this.url('app.js')];
  }
}
