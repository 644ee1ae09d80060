import { buildEstate } from '../../test/factories/estate.factory.js';
import { fileTranslator } from '../../test/support/file-translator.js';
import { standaloneSlug } from '../estates/domain/slug.js';
import { LOCALES } from '../routing/locales.js';
import { listingFromSlug, listingPathParts } from './missing-listing.service.js';

describe(listingFromSlug.name, () => {
  it.each(LOCALES)('reads the transaction and the zip back from a slug the site wrote (%s)', (locale) => {
    const t = fileTranslator(locale);
    expect(listingFromSlug(standaloneSlug(buildEstate(), t), t)).toEqual({ transaction: 'buy', headType: null, zip: '9000', place: '9000' });
    const rented = buildEstate({ transaction: { status: 'RENTED', forRent: true }, address: { visible: false } });
    expect(listingFromSlug(standaloneSlug(rented, t), t)).toMatchObject({ transaction: 'rent', zip: '9000' });
  });

  it('tells nothing from a slug without a transaction word or zip', () => {
    expect(listingFromSlug('some-old-page', fileTranslator('nl'))).toBeNull();
  });
});

describe(listingPathParts.name, () => {
  it("takes a listing page's id and slug, and no other path", () => {
    expect(listingPathParts('/nl/aanbod/123/villa-te-koop-in-9000-gent?x=1', 'nl')).toEqual({ id: 123, slug: 'villa-te-koop-in-9000-gent' });
    expect(listingPathParts('/fr/offre/45', 'fr')).toEqual({ id: 45, slug: '' });
    expect(listingPathParts('/nl/aanbod/0123/x', 'nl')).toBeNull();
    expect(listingPathParts('/nl/aanbod/1234567890/x', 'nl')).toBeNull();
    expect(listingPathParts('/nl/vakantie/101', 'nl')).toBeNull();
    expect(listingPathParts('/nl/aanbod/5/%E0%A4%A', 'nl')).toEqual({ id: 5, slug: '' });
  });
});
