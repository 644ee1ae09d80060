import { readFileSync } from 'node:fs';
import { NGINX_TEMPLATE } from '../cluster/nginx-proxy.js';

/**
 * The proxy's cache key (deploy/nginx/templates/default.conf.template) without tracking parameters. nginx's `map`
 * blocks of the template are applied here as nginx applies them (the first matching regex, `~*` without case, named
 * captures in the value, else `default`), then its `proxy_cache_key`. The same maps were run in Debian's nginx 1.22
 * (`return 200 "$immo_cache_path?$immo_cache_args"`) with the same answers.
 */
interface MapBlock {
  readonly source: string;
  readonly entries: ReadonlyArray<{ readonly pattern: RegExp; readonly value: string }>;
  readonly fallback?: string;
}

const template = readFileSync(NGINX_TEMPLATE, 'utf8');

function mapsOf(text: string): Map<string, MapBlock> {
  const maps = new Map<string, MapBlock>();
  for (const [, source, target, body] of text.matchAll(/^map (\$\w+) \$(\w+) \{\n([\s\S]*?)\n\}/gm)) {
    const entries: Array<{ pattern: RegExp; value: string }> = [];
    let fallback: string | undefined;
    for (const line of body!.split('\n').map((entry) => entry.trim()).filter((entry) => entry && !entry.startsWith('#'))) {
      const entry = /^(?:"([^"]*)"|(\S+))\s+(?:"([^"]*)"|(\S+));$/.exec(line);
      if (!entry) throw new Error(`map $${target}: cannot read "${line}"`);
      const key = entry[1] ?? entry[2]!;
      const value = entry[3] ?? entry[4]!;
      if (key === 'default') fallback = value;
      else if (key.startsWith('~')) entries.push({ pattern: new RegExp(key.replace(/^~\*?/, ''), key.startsWith('~*') ? 'i' : ''), value });
      else entries.push({ pattern: new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), value });
    }
    maps.set(target!, { source: source!, entries, fallback });
  }
  return maps;
}

/** The key nginx computes for a request to `requestUri` on `host`, over http. */
function cacheKey(requestUri: string, host = 'www.agency.example'): string {
  const maps = mapsOf(template);
  const question = requestUri.indexOf('?');
  const builtIn: Record<string, string> = { scheme: 'http', host, request_uri: requestUri, args: question < 0 ? '' : requestUri.slice(question + 1) };
  const variable = (name: string): string => {
    if (builtIn[name] !== undefined) return builtIn[name]!;
    const block = maps.get(name);
    if (!block) throw new Error(`$${name} is neither a map of the template nor known here`);
    const input = variable(block.source.slice(1));
    for (const { pattern, value } of block.entries) {
      const match = pattern.exec(input);
      if (match) return interpolate(value, (capture) => match.groups?.[capture]);
    }
    return block.fallback === undefined ? '' : interpolate(block.fallback, () => undefined);
  };
  const interpolate = (text: string, capture: (name: string) => string | undefined) =>
    text.replace(/\$(\w+)/g, (_, name: string) => capture(name) ?? variable(name));
  const key = /^\s*proxy_cache_key (.+);$/m.exec(template)![1]!;
  return interpolate(key, () => undefined);
}

describe('the nginx cache key (deploy/nginx/templates/default.conf.template)', () => {
  it('is one entry for a page however many tracking parameters a campaign link adds, in any case', () => {
    const page = cacheKey('/nl');
    for (const variant of [
      '/nl?utm_source=newsletter',
      '/nl?utm_source=newsletter&utm_medium=email&utm_campaign=autumn',
      '/nl?fbclid=IwAR0abc',
      '/nl?gclid=Cj0KCQ&msclkid=42',
      '/nl?UTM_Source=Facebook',
      '/nl?_ga=2.1.2.3&_gl=1*abc',
      '/nl?utm_content',
    ]) {
      expect([variant, cacheKey(variant)]).toEqual([variant, page]);
    }
  });

  it('keeps every other parameter, in its order, wherever the tracking ones were', () => {
    const search = cacheKey('/nl?transaction=buy&city=Gent');
    expect(search).toBe('httpwww.agency.example/nl?transaction=buy&city=Gent');
    for (const variant of [
      '/nl?utm_source=a&transaction=buy&city=Gent',
      '/nl?transaction=buy&utm_source=a&city=Gent',
      '/nl?transaction=buy&city=Gent&utm_source=a',
      '/nl?gclid=x&transaction=buy&fbclid=y&city=Gent&utm_medium=z',
    ]) {
      expect([variant, cacheKey(variant)]).toEqual([variant, search]);
    }
    // Different pages stay different entries: another order, a value that only looks like a tracker, another host.
    expect(cacheKey('/nl?city=Gent&transaction=buy')).not.toBe(search);
    expect(cacheKey('/nl?q=utm_source')).toBe('httpwww.agency.example/nl?q=utm_source');
    expect(cacheKey('/nl?fbclidx=1')).not.toBe(cacheKey('/nl'));
    expect(cacheKey('/nl?page=2')).not.toBe(cacheKey('/nl'));
    expect(cacheKey('/nl', 'other.example')).not.toBe(cacheKey('/nl'));
  });

  it('keys the path as the client sent it', () => {
    expect(cacheKey('/nl/te-koop/gent%20centrum?utm_id=7')).toBe('httpwww.agency.example/nl/te-koop/gent%20centrum?');
  });
});
