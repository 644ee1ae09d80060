import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A fingerprint of what renders pages: the server's code (compiled, or the sources under Jest), the texts and
 * the client assets' manifest. It goes into every ETag and render-cache key, so a deploy never answers 304 for a
 * page made by the previous build, and replicas of one build agree on ETags.
 */
export function computeBuildId(paths: readonly string[]): string {
  const hash = createHash('sha256');
  const add = (path: string): void => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return;
    }
    if (stats.isFile()) {
      hash.update(path.slice(path.lastIndexOf('/') + 1)).update(readFileSync(path));
      return;
    }
    for (const entry of readdirSync(path).sort()) {
      if (/\.(map|spec\.tsx?|d\.ts)$/.test(entry)) continue;
      add(join(path, entry));
    }
  };
  paths.forEach(add);
  return hash.digest('base64url').slice(0, 12);
}
