import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/config.js';
import { RenderCacheService } from './render-cache.service.js';

/** Text that barely compresses, so a page's compressed form is about as large as the page. */
function page(kilobytes: number): string {
  return `<!DOCTYPE html><p>${randomBytes(kilobytes * 768).toString('base64')}</p>`;
}

describe(RenderCacheService.name, () => {
  const sut = () => new RenderCacheService({ RENDER_CACHE_MB: 1 } as AppConfig);

  it('keeps a compressed form as exactly its own bytes, not a view into a larger zlib chunk', () => {
    const cache = sut();
    const small = cache.set('a', `<!DOCTYPE html>${'<p>same</p>'.repeat(2_000)}`);
    expect(small.body.buffer.byteLength).toBe(small.body.length);
    for (const encoding of ['br', 'gzip'] as const) {
      const encoded = small.encode(encoding);
      expect(encoded.buffer.byteLength).toBe(encoded.length);
    }
  });

  it.each([
    ['ASCII only', '<p>plain</p>'],
    ['Latin-1', '<p>Liège, 145 m² · ça</p>'],
    ['past Latin-1 (a two-byte string)', '<p>€ 450.000 – 3 slaapkamers…</p>'],
    ['outside the BMP', '<p>Mooi 🏡 huis</p>'],
    ['a lone surrogate from broken CRM text', '<p>half \uD83C pair</p>'],
  ])('stores a page %s as exactly the UTF-8 bytes of its text', (_case, text) => {
    const html = `<!DOCTYPE html>${text.repeat(200)}`;
    const stored = sut().set('a', html);
    expect(stored.body.equals(Buffer.from(html, 'utf8'))).toBe(true);
    expect(stored.body.buffer.byteLength).toBe(stored.body.length);
  });

  it('counts compressed forms toward the cap, so the pages it holds never exceed RENDER_CACHE_MB', () => {
    const cache = sut();
    const keys = ['a', 'b', 'c'];
    for (const key of keys) {
      const stored = cache.set(key, page(300));
      stored.encode('br');
      cache.resize(key, stored);
      stored.encode('gzip');
      cache.resize(key, stored);
    }
    expect(cache.size).toBeLessThanOrEqual(1024 * 1024);
    // Each page with its two compressed forms is ~900 KB: only the latest fits.
    expect(keys.map((key) => cache.get(key) !== undefined)).toEqual([false, false, true]);
  });
});
