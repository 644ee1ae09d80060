import { buildEstate } from '../../../test/factories/estate.factory.js';
import { fileTranslator } from '../../../test/support/file-translator.js';
import type { Estate } from '../domain/estate.js';
import { priceDisplay, pricePerArea } from './price-display.js';

const nl = fileTranslator('nl');
const rent = (price: Partial<Estate['price']> = {}) =>
  buildEstate({ transaction: { statusId: 2, status: 'TO_RENT', forRent: true }, price: { value: 950, ...price } });
const unit = (id: number, value: number, { price, ...overrides }: NonNullable<Parameters<typeof buildEstate>[0]> = {}) =>
  buildEstate({ id, parentId: 2000, headType: 'APARTMENT', price: { value, vatRegime: true, ...price }, ...overrides });
const project = (children: Estate[], price: NonNullable<Parameters<typeof buildEstate>[0]>['price'] = { value: null, priceFrom: 255000, vatRegime: true }) =>
  buildEstate({ id: 2000, isProject: true, headType: 'PROJECT', price, children });

describe(priceDisplay.name, () => {
  it('a sale shows its amount with a euro prefix, thousands dot and 2 decimals, the sign kept with the amount', () => {
    expect(priceDisplay(buildEstate({ price: { value: 495000 } }), nl)).toEqual({
      text: '€\u00a0495.000,00',
      amount: 495000,
      from: false,
      vatExcluded: false,
      period: null,
    });
  });

  it('a price the agency hides reads "price on request" and has no amount', () => {
    expect(priceDisplay(buildEstate({ price: { visible: false } }), nl)).toMatchObject({ text: 'Prijs op aanvraag', amount: null });
  });

  it('a rent says the period the CRM gives', () => {
    expect(priceDisplay(rent({ period: 'WEEK' }), nl)).toMatchObject({ text: '€\u00a0950,00 per week', period: 'WEEK' });
  });

  it('a rent without a period is per month', () => {
    expect(priceDisplay(rent(), fileTranslator('fr'))).toMatchObject({ text: '€\u00a0950,00 par mois', period: 'MONTH' });
  });

  it('a new build under the VAT regime shows its price excluding VAT, and says so', () => {
    expect(priceDisplay(unit(1, 300000), nl)).toMatchObject({ text: '€\u00a0300.000,00 + btw', amount: 300000, vatExcluded: true });
  });

  it('a VAT-regime listing without an amount says it is sold under the VAT regime', () => {
    expect(priceDisplay(unit(1, 0), nl)).toMatchObject({ text: 'Verkoop onder btw-regime', amount: null });
  });

  it('the CRM’s "from" price reads "from"', () => {
    expect(priceDisplay(buildEstate({ price: { value: null, priceFrom: 250000 } }), nl)).toMatchObject({ text: 'Vanaf €\u00a0250.000,00', from: true });
  });

  it('a project is "from" the price of its cheapest unit, not the CRM’s own "from" price', () => {
    const sut = priceDisplay(project([unit(1, 370000), unit(2, 300000), unit(3, 315000)]), nl);
    expect(sut).toEqual({ text: 'Vanaf €\u00a0300.000,00 + btw', amount: 300000, from: true, vatExcluded: true, period: null });
  });

  it('a project’s "from" price leaves out units that are no longer available', () => {
    const soldUnit = unit(1, 200000, { transaction: { statusId: 5, status: 'SOLD', forRent: false } });
    expect(priceDisplay(project([soldUnit, unit(2, 300000)]), nl).amount).toBe(300000);
  });

  it('a project’s "from" price leaves out units whose price is on request', () => {
    const onRequest = unit(1, 200000, { price: { visible: false } });
    expect(priceDisplay(project([onRequest, unit(2, 300000)]), nl).amount).toBe(300000);
  });

  it('a project whose available units show no price is on request', () => {
    expect(priceDisplay(project([unit(1, 200000, { price: { visible: false } })]), nl)).toMatchObject({ text: 'Prijs op aanvraag', amount: null });
  });

  it('a project without available units keeps its own price', () => {
    const soldUnit = unit(1, 200000, { transaction: { statusId: 5, status: 'SOLD', forRent: false } });
    expect(priceDisplay(project([soldUnit]), nl)).toMatchObject({ text: 'Vanaf €\u00a0255.000,00 + btw', amount: 255000 });
  });

  it('a rented-out project’s "from" price keeps its units’ period', () => {
    const rental = (id: number, value: number) => unit(id, value, { transaction: { statusId: 2, status: 'TO_RENT', forRent: true }, price: { vatRegime: false } });
    const sut = priceDisplay(project([rental(1, 900), rental(2, 750)], { value: null }), fileTranslator('en'));
    expect(sut).toMatchObject({ text: 'From €\u00a0750,00 per month', period: 'MONTH' });
  });
});

describe(pricePerArea.name, () => {
  it('a sale with its own price and a living area: whole euros per m², the label for the abbreviation', () => {
    expect(pricePerArea(buildEstate({ price: { value: 665000 }, dimensions: { areaBuild: 244 } }), nl)).toEqual({ text: '€\u00a02.725/m²', label: 'Prijs per m² woonoppervlakte' });
  });

  it('under the VAT regime, excluding VAT as the price says', () => {
    expect(pricePerArea(buildEstate({ price: { value: 300000, vatRegime: true }, dimensions: { areaBuild: 84 } }), fileTranslator('fr'))?.text).toBe('€\u00a03.571/m² + TVA');
  });

  it.each([
    ['a rent', rent()],
    ['a sold listing', buildEstate({ transaction: { statusId: 5, status: 'SOLD', forRent: false } })],
    ['price on request', buildEstate({ price: { visible: false } })],
    ['a "from" price', buildEstate({ price: { value: null, priceFrom: 250000 } })],
    ['no living area', buildEstate({ dimensions: { areaBuild: null } })],
    ['a project', project([unit(1, 300000)])],
  ])('none for %s', (_, estate) => {
    expect(pricePerArea(estate, nl)).toBeNull();
  });
});
