import { encodePhotoOrigin, remotePropertyImageUrl } from '../../routing/routes.js';
import { keyPhotoUrls, PHOTO_KEY, photoKey } from './photo-keys.js';

const WHISE = 'https://whisestorageprod.blob.core.windows.net/public/4668/pictures/3515113/2026-11-28/original/5f2c9d7e-1b3a-4c8e-9f0d-2a6b7c8d9e0f.jpg';

describe(photoKey.name, () => {
  it('is 22 URL-safe characters whatever the URL, the same for the same URL', () => {
    expect(photoKey(WHISE)).toMatch(PHOTO_KEY);
    expect(photoKey(`${WHISE}?${'x'.repeat(1500)}`)).toHaveLength(22);
    expect(photoKey(WHISE)).toBe(photoKey(WHISE));
    expect(photoKey(WHISE)).not.toBe(photoKey(WHISE.replace('.jpg', '.jpeg')));
  });
});

describe(keyPhotoUrls.name, () => {
  it('puts every remote photo URL of a listing in its keyed form, short, and names each key’s URL', () => {
    const found = new Map<string, string>();
    const listing = {
      pictures: [{ file: remotePropertyImageUrl(WHISE, 'large', 'tb7ui0'), thumbnail: remotePropertyImageUrl(WHISE, 'thumb'), index: 1 }],
      salesRep: { picture: remotePropertyImageUrl('https://files.zabun.be/upload/1/rep.png', 'large') },
      children: [{ pictures: [{ file: '/property-images/1042/large/house-01.jpg', thumbnail: 'https://elsewhere.example/u/x.jpg' }] }],
    };
    const keyed = keyPhotoUrls(listing, found);
    expect(keyed.pictures[0]).toEqual({
      file: `/property-images/h/${photoKey(WHISE)}/large/5f2c9d7e-1b3a-4c8e-9f0d-2a6b7c8d9e0f.jpg?v=tb7ui0`,
      thumbnail: `/property-images/h/${photoKey(WHISE)}/thumb/5f2c9d7e-1b3a-4c8e-9f0d-2a6b7c8d9e0f.jpg`,
      index: 1,
    });
    expect(keyed.pictures[0]!.file.length).toBeLessThan(100);
    expect(keyed.salesRep.picture).toBe(`/property-images/h/${photoKey('https://files.zabun.be/upload/1/rep.png')}/large/rep.png`);
    // Account photos and anything that is not the proxy's own URL are left as they are.
    expect(keyed.children).toBe(listing.children);
    expect(found).toEqual(new Map([[photoKey(WHISE), WHISE], [photoKey('https://files.zabun.be/upload/1/rep.png'), 'https://files.zabun.be/upload/1/rep.png']]));
  });

  it('answers the same value when it holds no remote photo, and leaves a malformed one alone', () => {
    const listing = { pictures: [{ file: '/property-images/1042/large/house-01.jpg' }], title: { nl: 'Villa' } };
    expect(keyPhotoUrls(listing, new Map())).toBe(listing);
    const bad = `/property-images/u/${encodePhotoOrigin(WHISE)}x/large/a.jpg`;
    expect(keyPhotoUrls(bad, new Map())).toBe(bad);
  });

  it('keeps a long file name readable but short', () => {
    const url = `https://files.zabun.be/upload/1/${'gevel-'.repeat(20)}voorkant.jpg`;
    const keyed = keyPhotoUrls(remotePropertyImageUrl(url, 'large'), new Map());
    expect(keyed).toBe(`/property-images/h/${photoKey(url)}/large/${'gevel-'.repeat(7).slice(0, 40)}.jpg`);
  });
});
