import type { AppConfig } from '../../config/config.js';
import { SectionCacheService } from './section-cache.service.js';

describe(SectionCacheService.name, () => {
  const sut = (megabytes: number) => new SectionCacheService({ SECTION_CACHE_MB: megabytes } as AppConfig);

  it('keeps sections as UTF-8 bytes, and remembers one that cannot be kept', () => {
    const cache = sut(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('a', '<p>€ 450.000</p>')!.toString('utf8')).toBe('<p>€ 450.000</p>');
    expect(cache.get('a')!.toString('utf8')).toBe('<p>€ 450.000</p>');
    expect(cache.set('b', null)).toBeNull();
    expect(cache.get('b')).toBeNull();
    // An empty section is kept as such, not taken for one that cannot be kept.
    expect(cache.set('c', '')!.length).toBe(0);
    expect(cache.get('c')).toEqual(Buffer.alloc(0));
  });

  it('never holds more than SECTION_CACHE_MB, dropping the least recently used sections', () => {
    const cache = sut(1);
    const section = 'x'.repeat(100 * 1024);
    for (let i = 0; i < 30; i++) cache.set(`listing-${i}`, section);
    expect(cache.size).toBeLessThanOrEqual(1024 * 1024);
    expect(cache.get('listing-29')).toBeDefined();
    expect(cache.get('listing-0')).toBeUndefined();
  });

  it('keeps nothing with SECTION_CACHE_MB=0 (every section rendered every time)', () => {
    const cache = sut(0);
    expect(cache.enabled).toBe(false);
    expect(cache.set('a', '<p>x</p>')!.toString()).toBe('<p>x</p>');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
