import { PhotoHosts } from '../../config/photo-hosts.js';
import { decodePhotoOrigin, parsePropertyImageUrl, propertyImageVariantUrlOf } from '../../routing/routes.js';
import { proxiedImageUrl, usePhotoUrlPolicy } from './image-url.js';

const ZABUN = 'https://files.zabun.be/upload/3489/images/3acc78f2c452e6ab.jpg';

/** The original URL a remote proxy URL names. */
function originalOf(proxyUrl: string): string | null {
  const source = parsePropertyImageUrl(proxyUrl)?.source;
  return source?.startsWith('u/') ? decodePhotoOrigin(source.slice(2)) : null;
}

describe(proxiedImageUrl.name, () => {
  beforeEach(() => usePhotoUrlPolicy(PhotoHosts.parse('files.zabun.be,*.whise.eu')!, null));
  afterAll(() => usePhotoUrlPolicy(PhotoHosts.parse('files.zabun.be,*.whise.eu')!, null));

  it('turns a photo on an allowed host into a proxy URL that names the original, the file name readable at the end', () => {
    const sut = proxiedImageUrl(ZABUN, 'abc')!;
    expect(sut).toMatch(/^\/property-images\/u\/[\w-]+\/large\/3acc78f2c452e6ab\.jpg\?v=abc$/);
    expect(originalOf(sut)).toBe(ZABUN);
  });

  it('marks Zabun thumbnails (_tn) and thumbs/ folders as thumb', () => {
    expect(proxiedImageUrl('https://files.zabun.be/upload/1/images/abc_tn.jpg')).toMatch(/\/thumb\/abc_tn\.jpg$/);
    expect(proxiedImageUrl('https://r2.whise.eu/1/thumbs/abc.jpg')).toMatch(/\/thumb\/abc\.jpg$/);
  });

  it('round-trips URLs with queries, encoded characters and no photo extension', () => {
    for (const url of ['https://r2.whise.eu/pictures/1/2?width=1600&x=é', 'https://r2.whise.eu/p/Living%20room%20(1).JPEG']) {
      const sut = proxiedImageUrl(url)!;
      expect(originalOf(sut)).toBe(new URL(url).href);
    }
    expect(proxiedImageUrl('https://r2.whise.eu/pictures/1/2?width=1600')).toMatch(/\/large\/2\.jpg$/);
    expect(proxiedImageUrl('https://r2.whise.eu/p/Living%20room%20(1).JPEG')).toMatch(/\/large\/Living-room-1\.jpeg$/);
  });

  it('upgrades an http original to https', () => {
    expect(originalOf(proxiedImageUrl(ZABUN.replace('https:', 'http:'))!)).toBe(ZABUN);
  });

  it('gives variant URLs of the same source, so srcsets work for remote photos', () => {
    const ref = parsePropertyImageUrl(proxiedImageUrl(ZABUN, 'v1')!)!;
    expect(propertyImageVariantUrlOf(ref, 480, 'avif')).toMatch(/^\/property-images\/u\/[\w-]+\/480w\/3acc78f2c452e6ab\.jpg\.avif\?v=v1$/);
  });

  it.each([
    ['a foreign host', 'https://cdn.elsewhere.com/1042/house-01.jpg'],
    ['an IP address', 'https://192.168.1.10/upload/a.jpg'],
    ['localhost', 'http://localhost/1042/house-01.jpg'],
    ['user info', 'https://x@files.zabun.be/upload/a.jpg'],
    ['another scheme', 'ftp://files.zabun.be/upload/a.jpg'],
    ['an unparsable URL', 'not a url'],
  ])('is null for %s (the mapper leaves the photo out)', (_, url) => {
    expect(proxiedImageUrl(url)).toBeNull();
  });

  it('keeps the account form for the demo catalogue (.example hosts)', () => {
    expect(proxiedImageUrl('https://cdn.source-a.example/1042/house-01.jpg', 'v')).toBe('/property-images/1042/large/house-01.jpg?v=v');
    expect(proxiedImageUrl('https://cdn.source-b.example/2077/thumbs/rep-01.jpg')).toBe('/property-images/2077/thumb/rep-01.jpg');
    expect(proxiedImageUrl('https://cdn.source-a.example/photos/house-01.jpg')).toBeNull();
  });

  it('keeps the account form for photos under PROPERTY_IMAGES_URL, and only those', () => {
    usePhotoUrlPolicy(PhotoHosts.parse('')!, 'https://photos.agency.be/crm');
    expect(proxiedImageUrl('https://photos.agency.be/crm/5000/thumbs/villa.jpg')).toBe('/property-images/5000/thumb/villa.jpg');
    expect(proxiedImageUrl('https://photos.agency.be/other/5000/villa.jpg')).toBeNull();
    expect(proxiedImageUrl(ZABUN)).toBeNull();
  });
});
