import { tmpdir } from 'node:os';
import { PhotoHosts } from '../../config/photo-hosts.js';
import { PhotoMissingError, PhotoOriginals } from './photo-originals.js';

describe(PhotoOriginals.name, () => {
  const sut = new PhotoOriginals({
    demoAccounts: [],
    fixturesDir: tmpdir(),
    upstreamUrl: null,
    hosts: PhotoHosts.parse('files.zabun.be')!,
    cacheDir: async () => tmpdir(),
    timeoutMs: 1000,
    maxBytes: 1000,
    unversionedMaxAgeMs: 1000,
  });

  it('refuses a remote photo off the list before anything is fetched, whoever asks', async () => {
    for (const url of ['https://evil.example/a.jpg', 'http://127.0.0.1:9/a.jpg', 'http://files.zabun.be/a.jpg']) {
      await expect(sut.locate({ url: new URL(url) }, 'large', 'a.jpg', null)).rejects.toBeInstanceOf(PhotoMissingError);
    }
    expect(sut.fetched).toBe(0);
  });
});
