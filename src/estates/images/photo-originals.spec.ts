import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PhotoHosts } from '../../config/photo-hosts.js';
import { PhotoMissingError, PhotoOriginals, type PhotoOriginalsOptions } from './photo-originals.js';

describe(PhotoOriginals.name, () => {
  const dir = mkdtempSync(join(tmpdir(), 'immo-originals-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const options: PhotoOriginalsOptions = {
    demoAccounts: [],
    fixturesDir: tmpdir(),
    upstreamUrl: null,
    hosts: PhotoHosts.parse('files.zabun.be,photos.agency.example')!,
    cacheDir: async () => dir,
    index: null,
    timeoutMs: 1000,
    maxBytes: 1000,
    maxAgeMs: 1000,
    downloadConcurrency: 1,
    allowPrivateOrigins: false,
  };

  it('refuses a remote photo off the list before anything is fetched, whoever asks', async () => {
    const sut = new PhotoOriginals(options);
    for (const url of ['https://evil.example/a.jpg', 'http://127.0.0.1:9/a.jpg', 'http://files.zabun.be/a.jpg']) {
      await expect(sut.locate({ url: new URL(url) }, 'large', 'a.jpg')).rejects.toBeInstanceOf(PhotoMissingError);
    }
    expect(sut.fetched).toBe(0);
  });

  it.each([['127.0.0.1'], ['10.1.2.3'], ['169.254.169.254'], ['100.64.0.1'], ['::1'], ['fd00::1'], ['::ffff:192.168.0.1']])(
    'refuses a listed host name that resolves to %s, in production, before connecting (a 404, not a retry)',
    async (address) => {
      const asked: string[] = [];
      const sut = new PhotoOriginals({
        ...options,
        resolver: async (hostname) => {
          asked.push(hostname);
          return [{ address, family: address.includes(':') ? 6 : 4 }];
        },
      });
      const error = await sut.locate({ url: new URL('https://photos.agency.example/a.jpg') }, 'large', 'a.jpg').catch((caught: Error) => caught);
      expect(error).toBeInstanceOf(PhotoMissingError);
      expect((error as Error).message).toContain('not a public address');
      expect(asked).toEqual(['photos.agency.example']);
      expect(sut.fetched).toBe(0);
    },
  );

  it('refuses a loopback IP-literal origin of PHOTO_HOSTS in production (only tests and the demo may use one)', async () => {
    const sut = new PhotoOriginals({ ...options, hosts: PhotoHosts.parse('http://127.0.0.1:9')! });
    await expect(sut.locate({ url: new URL('http://127.0.0.1:9/a.jpg') }, 'large', 'a.jpg')).rejects.toThrow('not a public address');
    expect(sut.fetched).toBe(0);
  });

  it('refuses a name with any private address among its answers, even outside production (the allowance is for IP-literal origins only)', async () => {
    const sut = new PhotoOriginals({
      ...options,
      allowPrivateOrigins: true,
      resolver: async () => [{ address: '93.184.215.14', family: 4 }, { address: '127.0.0.1', family: 4 }],
    });
    await expect(sut.locate({ url: new URL('https://photos.agency.example/a.jpg') }, 'large', 'a.jpg')).rejects.toThrow('not a public address');
  });
});
