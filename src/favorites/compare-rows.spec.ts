import { buildEstate } from '../../test/factories/estate.factory.js';
import { fileTranslator } from '../../test/support/file-translator.js';
import { notaryEstimate, mortgageDeedEstimate } from '../estates/display/purchase-cost.js';
import { cellsDiffer, estimatedPurchaseCost, type CompareListing, type CompareRowKey, compareTable, parseCompareIds, pricePerSquareMetre, publicSalePrice } from './compare-rows.js';

const nl = fileTranslator('nl');
const fr = fileTranslator('fr');

/** A villa in Gent at 495.000 on 280 m² (the factory's), changed where a test says so. */
const listing = (overrides: Parameters<typeof buildEstate>[0] = {}, path = '/nl/aanbod/1/villa'): CompareListing => ({ estate: buildEstate(overrides), path });

const row = (table: ReturnType<typeof compareTable>, key: CompareRowKey) => table.rows.find((candidate) => candidate.key === key)!;
const texts = (table: ReturnType<typeof compareTable>, key: CompareRowKey) => row(table, key).cells.map((cell) => cell.text);

describe(parseCompareIds.name, () => {
  it('takes two to four different ids, in the order given', () => {
    expect(parseCompareIds(['12', '7'])).toEqual({ kind: 'ok', ids: [12, 7] });
    expect(parseCompareIds(['1', '2', '3', '4'])).toEqual({ kind: 'ok', ids: [1, 2, 3, 4] });
  });

  it('refuses fewer than two and more than four, counting a repeated id once', () => {
    expect(parseCompareIds(undefined)).toEqual({ kind: 'count', count: 0 });
    expect(parseCompareIds('12')).toEqual({ kind: 'count', count: 1 });
    expect(parseCompareIds(['12', '12'])).toEqual({ kind: 'count', count: 1 });
    expect(parseCompareIds(['1', '2', '3', '4', '5'])).toEqual({ kind: 'count', count: 5 });
    expect(parseCompareIds(Array.from({ length: 500 }, (_, index) => String(index + 1)))).toEqual({ kind: 'count', count: 500 });
  });

  it.each([[['1', 'abc']], [['1', '0']], [['1', '-2']], [['1', '1e3']], [['1', '12345678901']], [['1', { a: 1 }]]])('calls %j no listing at all', (raw) => {
    expect(parseCompareIds(raw)).toEqual({ kind: 'malformed' });
  });
});

describe(compareTable.name, () => {
  it('gives a column per listing with its card (title, photo, link) and the rows in their order', () => {
    const table = compareTable([listing({ id: 1 }), listing({ id: 2 }, '/nl/aanbod/2/villa')], nl);
    expect(table.columns.map((column) => [column.id, column.card.path])).toEqual([
      [1, '/nl/aanbod/1/villa'],
      [2, '/nl/aanbod/2/villa'],
    ]);
    expect(table.rows.map((candidate) => candidate.key)).toEqual(['price', 'pricePerSquareMetre', 'bedrooms', 'livingArea', 'plotArea', 'energyLabel', 'energyScore', 'region', 'purchaseCost']);
    expect(row(table, 'livingArea').label).toBe('Bewoonbare oppervlakte');
  });

  it('marks the rows whose values differ, and only those', () => {
    const table = compareTable([listing({ id: 1, bedrooms: 3 }), listing({ id: 2, bedrooms: 4 }), listing({ id: 3, bedrooms: 4 })], nl);
    expect(texts(table, 'bedrooms')).toEqual(['3', '4', '4']);
    expect(row(table, 'bedrooms').differs).toBe(true);
    expect(row(table, 'livingArea').differs).toBe(false);
    expect(row(table, 'region').differs).toBe(false);
    expect(table.rows.filter((candidate) => candidate.differs).map((candidate) => candidate.key)).toEqual(['bedrooms']);
  });

  it('says "not stated" the same way for every listing without a value: two of them do not differ', () => {
    const table = compareTable([listing({ id: 1, dimensions: { areaGround: null } }), listing({ id: 2, dimensions: { areaGround: 0 } })], nl);
    expect(texts(table, 'plotArea')).toEqual([null, null]);
    expect(row(table, 'plotArea').differs).toBe(false);
    expect(cellsDiffer([{ text: null }, { text: '120 m²' }])).toBe(true);
  });

  it('shows living and plot area, and the price by the one price rule', () => {
    const table = compareTable([listing({ id: 1 }), listing({ id: 2, price: { value: 320_000 }, dimensions: { areaBuild: 95.5, areaGround: 0 } })], nl);
    expect(texts(table, 'price')).toEqual(['€\u00a0495.000,00', '€\u00a0320.000,00']);
    expect(texts(table, 'livingArea')).toEqual(['280 m²', '95,5 m²']);
    expect(texts(table, 'plotArea')).toEqual(['1.200 m²', null]);
  });

  describe('price per m²', () => {
    it('is the public sale price over the living area, to the euro', () => {
      expect(pricePerSquareMetre(buildEstate({ price: { value: 495_000 }, dimensions: { areaBuild: 280 } }), nl)).toBe('€\u00a01.768,00 per m²');
      expect(pricePerSquareMetre(buildEstate({ price: { value: 300_000 }, dimensions: { areaBuild: 90 } }), fr)).toBe('€\u00a03.333,00 par m²');
    });

    it('is never computed from a hidden price ("price on request")', () => {
      const hidden = buildEstate({ price: { value: 495_000, visible: false } });
      expect(publicSalePrice(hidden, nl)).toBeNull();
      expect(pricePerSquareMetre(hidden, nl)).toBeNull();
      const table = compareTable([listing({ id: 1 }), { estate: hidden, path: '/x' }], nl);
      expect(texts(table, 'price')).toEqual(['€\u00a0495.000,00', 'Prijs op aanvraag']);
      expect(texts(table, 'pricePerSquareMetre')).toEqual(['€\u00a01.768,00 per m²', null]);
      // The table holds no trace of the hidden amount.
      expect(JSON.stringify(table)).not.toContain('495.000,00"]');
      expect(JSON.stringify(table.rows.map((candidate) => candidate.cells[1]))).not.toMatch(/495|1\.768/);
    });

    it('needs a living area', () => {
      expect(pricePerSquareMetre(buildEstate({ dimensions: { areaBuild: null } }), nl)).toBeNull();
      expect(pricePerSquareMetre(buildEstate({ dimensions: { areaBuild: 0 } }), nl)).toBeNull();
    });

    it('is not given for a rent or a project’s "from" price, and says "+ VAT" for a price without it', () => {
      expect(pricePerSquareMetre(buildEstate({ transaction: { statusId: 2, status: 'TO_RENT', forRent: true }, price: { value: 950 } }), nl)).toBeNull();
      expect(pricePerSquareMetre(buildEstate({ price: { value: null, priceFrom: 250_000 } }), nl)).toBeNull();
      expect(pricePerSquareMetre(buildEstate({ price: { value: 280_000, vatRegime: true }, dimensions: { areaBuild: 100 } }), nl)).toBe('€\u00a02.800,00 + btw per m²');
    });
  });

  describe('energy, by the region’s rule', () => {
    it('Flanders: the EPC class and the score in kWh/m² a year', () => {
      const table = compareTable([listing({ id: 1 }), listing({ id: 2, energy: { energyLabel: 'A', epcValue: 95 } })], nl);
      expect(texts(table, 'energyLabel')).toEqual(['EPC C', 'EPC A']);
      expect(texts(table, 'energyScore')).toEqual(['245 kWh/m² per jaar', '95 kWh/m² per jaar']);
    });

    it('Brussels: the PEB class and the CO2 emission; Wallonia: the PEB class and the consumption', () => {
      const brussels = listing({ id: 1, address: { region: 'BRUSSELS' }, energy: { energyLabel: 'D', co2: 38 } });
      const wallonia = listing({ id: 2, address: { region: 'WALLONIA' }, energy: { energyLabel: 'B', epcValue: 120 } });
      const table = compareTable([brussels, wallonia], fr);
      expect(texts(table, 'energyLabel')).toEqual(['PEB D', 'PEB B']);
      expect(texts(table, 'energyScore')).toEqual([expect.stringMatching(/^38 kg/), expect.stringMatching(/^120 kWh/)]);
    });

    it('"in progress" (no class) in Wallonia shows neither class nor score', () => {
      const table = compareTable([listing({ id: 1 }), listing({ id: 2, address: { region: 'WALLONIA' }, energy: { energyLabel: null, epcValue: 300 } })], fr);
      expect(texts(table, 'energyLabel')[1]).toBeNull();
      expect(texts(table, 'energyScore')[1]).toBeNull();
    });
  });

  it('names the region in the page’s language', () => {
    const listings = [listing({ id: 1 }), listing({ id: 2, address: { region: 'BRUSSELS' } }), listing({ id: 3, address: { region: null } })];
    expect(texts(compareTable(listings, nl), 'region')).toEqual(['Vlaanderen', 'Brussels Hoofdstedelijk Gewest', null]);
    expect(texts(compareTable(listings, fr), 'region')).toEqual(['Région flamande', 'Région de Bruxelles-Capitale', null]);
  });

  describe('estimated purchase cost', () => {
    /** What the estimate adds besides the duties: the notary's and the mortgage deed's (80 % borrowed) estimates. */
    const besidesDuties = (price: number) => notaryEstimate(price) + mortgageDeedEstimate(Math.round((price * 0.8) / 1000) * 1000);

    it('is the price with the duties of the buyer’s only own home: 2 % in Flanders', () => {
      const total = estimatedPurchaseCost(buildEstate({ price: { value: 300_000 } }), nl)!;
      expect(total - 300_000 - besidesDuties(300_000)).toBeCloseTo(6_000, 2);
    });

    it('in Brussels, 12,5 % above the EUR 200.000 allowance of an only home', () => {
      const total = estimatedPurchaseCost(buildEstate({ price: { value: 500_000 }, address: { region: 'BRUSSELS' } }), nl)!;
      expect(total - 500_000 - besidesDuties(500_000)).toBeCloseTo(37_500, 2);
    });

    it('is shown formatted, labelled as an estimate for an only own home', () => {
      const table = compareTable([listing({ id: 1, price: { value: 300_000 } }), listing({ id: 2, price: { value: 300_000 }, address: { region: 'WALLONIA' } })], nl);
      const cost = row(table, 'purchaseCost');
      expect(cost.cells[0]!.text).toMatch(/^€\u00a03\d\d\.\d{3},\d\d$/);
      // 2 % against 3 %: the rows differ.
      expect(cost.differs).toBe(true);
      expect(cost.note).toContain('enige eigen woning');
      expect(cost.note).toContain('80%');
      expect(cost.cells[0]!.href).toBeUndefined();
      const linked = compareTable([listing({ id: 1 }), listing({ id: 2 })], nl, { costBlockAnchor: 'purchase-cost' });
      expect(row(linked, 'purchaseCost').cells[0]!.href).toBe('/nl/aanbod/1/villa#purchase-cost');
    });

    it('is never estimated from a hidden price, a rent or a project’s "from" price', () => {
      expect(estimatedPurchaseCost(buildEstate({ price: { value: 495_000, visible: false } }), nl)).toBeNull();
      expect(estimatedPurchaseCost(buildEstate({ transaction: { statusId: 2, status: 'TO_RENT', forRent: true }, price: { value: 950 } }), nl)).toBeNull();
      expect(estimatedPurchaseCost(buildEstate({ price: { value: null, priceFrom: 250_000 } }), nl)).toBeNull();
      const table = compareTable([listing({ id: 1 }), listing({ id: 2, price: { value: 495_000, visible: false } })], nl);
      expect(row(table, 'purchaseCost').cells[1]).toEqual({ text: null });
    });
  });
});
