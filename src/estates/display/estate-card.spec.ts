import { buildEstate } from '../../../test/factories/estate.factory.js';
import { fileTranslator } from '../../../test/support/file-translator.js';
import type { Estate } from '../domain/estate.js';
import { estatePath } from '../domain/slug.js';
import { cardFacts, listingCard, toEstateCard } from './estate-card.js';

const nl = fileTranslator('nl');
const en = fileTranslator('en');

function project(units: Estate[]): Estate {
  return buildEstate({
    id: 500,
    isProject: true,
    headType: 'PROJECT',
    subType: 'NEW_BUILD_PROJECT',
    price: { value: null, priceFrom: 150_000 },
    children: units.map((unit) => ({ ...unit, parentId: 500 })),
  });
}

describe(toEstateCard.name, () => {
  it('shows the first photo, the price by the price rule, bedrooms, living area and the short energy mention', () => {
    const card = toEstateCard(
      buildEstate({
        price: { value: 450_000 },
        bedrooms: 4,
        dimensions: { areaBuild: 182.5 },
        energy: { energyLabel: 'B' },
        pictures: [
          { file: '/property-images/1/large/b.jpg', thumbnail: '/t/b.jpg', index: 2, comment: {} },
          { file: '/property-images/1/large/a.jpg', thumbnail: '/t/a.jpg', index: 1, comment: {} },
        ],
      }),
      nl,
      '/nl/aanbod/1001/villa',
    );
    expect(card).toMatchObject({
      path: '/nl/aanbod/1001/villa',
      priceText: '€\u00a0450.000,00',
      bedroomsText: '4 slaapkamers',
      areaText: '182,5 m²',
      energyText: 'EPC B · 245 kWh/m²',
      chargesText: null,
      photo: { src: '/property-images/1/large/a.jpg' },
      available: true,
      project: null,
    });
    expect(cardFacts(card)).toEqual(['4 slaapkamers', '182,5 m²', 'EPC B · 245 kWh/m²']);
  });

  it('shows the street only when the listing allows it, and the city in the page’s language', () => {
    const shown = toEstateCard(buildEstate({}), fileTranslator('fr'), '/x');
    expect(shown.addressText).toBe('Rue de l’Église 12, 9000 Gand');
    const hidden = toEstateCard(buildEstate({ address: { visible: false } }), nl, '/x');
    expect(hidden.addressText).toBe('9000 Gent');
    expect(hidden.geo).toBeNull();
  });

  it('says a rent’s period', () => {
    const rental = buildEstate({ transaction: { statusId: 2, status: 'TO_RENT', forRent: true }, price: { value: 950, period: null } });
    expect(toEstateCard(rental, fileTranslator('de'), '/x').priceText).toBe('€\u00a0950,00 pro Monat');
  });

  it('marks sold listings as not available', () => {
    const card = toEstateCard(buildEstate({ transaction: { statusId: 5, status: 'SOLD', forRent: false } }), en, '/x');
    expect(card).toMatchObject({ available: false, statusLabel: 'Sold' });
  });

  it('shows a project as one card with its available units and their price range', () => {
    const card = toEstateCard(
      project([
        buildEstate({ id: 501, headType: 'APARTMENT', price: { value: 210_000 } }),
        buildEstate({ id: 502, headType: 'APARTMENT', price: { value: 340_000 } }),
        buildEstate({ id: 503, headType: 'APARTMENT', price: { value: 100_000 }, transaction: { statusId: 5, status: 'SOLD', forRent: false } }),
      ]),
      en,
      '/x',
    );
    expect(card.project).toEqual({ availableUnits: 2, unitsText: '2 units available', priceRangeText: '€\u00a0210.000,00 – €\u00a0340.000,00' });
    expect(card.priceText).toBe('From €\u00a0210.000,00');
  });

  it('gives a sticker its theme class and drops an unset (white on black) one', () => {
    const colored = toEstateCard(buildEstate({ sticker: { id: 1, name: { nl: 'Nieuw' }, color: '#c00', colorText: '#fff' } }), nl, '/x');
    expect(colored.sticker).toMatchObject({ text: 'Nieuw', className: expect.stringMatching(/^sticker--[0-9a-f]{8}$/) });
    const unset = toEstateCard(buildEstate({ sticker: { id: 1, name: { nl: 'Nieuw' }, color: '#fff', colorText: '#000' } }), nl, '/x');
    expect(unset.sticker).toBeNull();
  });
});

describe(listingCard.name, () => {
  it('is the card linking to the listing’s own page in the translator’s language', () => {
    const estate = buildEstate({ price: { value: 450_000 } });
    expect(listingCard(estate, nl)).toEqual(toEstateCard(estate, nl, estatePath(estate, nl)));
    expect(listingCard(estate, en)).toEqual(toEstateCard(estate, en, estatePath(estate, en)));
  });

  it('is made once per listing object and language, so a page that shows it again formats nothing', () => {
    const estate = buildEstate({ price: { value: 450_000 } });
    expect(listingCard(estate, nl)).toBe(listingCard(estate, nl));
    expect(listingCard(estate, en)).not.toBe(listingCard(estate, nl));
    // A sync replaces a changed listing by a new object: its card is made again.
    const changed = { ...estate, price: { ...estate.price, value: 400_000 } };
    expect(listingCard(changed, nl).priceText).toBe('€\u00a0400.000,00');
  });
});
