import { buildEstate } from '../../test/factories/estate.factory.js';
import { fileTranslator } from '../../test/support/file-translator.js';
import { purchaseCostSection } from './purchase-cost-section.model.js';

const nl = fileTranslator('nl');
const fr = fileTranslator('fr');

describe(purchaseCostSection.name, () => {
  it('a Brussels only home says the rate, the taxed part and the allowance, and posts to the localized route', () => {
    const estate = buildEstate({ id: 42, price: { value: 450_000 }, address: { region: 'BRUSSELS' } });
    const sut = purchaseCostSection(estate, 'fr', fr)!;
    const duties = sut.result!.rows!.find((row) => row.key === 'duties')!;
    expect(duties).toMatchObject({ amount: '€\u00a031.250,00' });
    expect(duties.detail).toBe('12,5% sur €\u00a0250.000,00 en Bruxelles, habitation propre et unique\u00a0: les premiers €\u00a0200.000,00 sont exonérés');
    expect(sut.form!.action).toBe('/fr/offre/42/frais-d-achat');
    expect(sut.notes[0]).toContain('01/01/2025');
    expect(sut.sources!.links.length).toBeGreaterThan(0);
  });

  it('a Brussels plot bought as an only home: the whole price taxed, no allowance row detail, and a note says why', () => {
    const estate = buildEstate({ headType: 'PLOT', subType: null, price: { value: 250_000 }, address: { region: 'BRUSSELS' } });
    const sut = purchaseCostSection(estate, 'fr', fr)!;
    // 250,000 × 12.5 % = € 31,250 (with the house allowance it would have been 50,000 × 12.5 % = € 6,250).
    expect(sut.result!.rows!.find((row) => row.key === 'duties')).toMatchObject({ amount: '€\u00a031.250,00' });
    expect(sut.notes).toContain('Nous comptons ce terrain sans l’abattement bruxellois pour une habitation propre et unique, comme le terrain d’une construction neuve : le montant réel peut être plus bas. Le notaire peut vous le dire.');
  });

  it('a Brussels house keeps the allowance and has no plot note', () => {
    const sut = purchaseCostSection(buildEstate({ price: { value: 250_000 }, address: { region: 'BRUSSELS' } }), 'nl', nl)!;
    expect(sut.notes.join(' ')).not.toContain('bouwperceel');
  });

  it('notary and mortgage-deed lines carry the estimate badge; the others do not', () => {
    const rows = purchaseCostSection(buildEstate({ price: { value: 300_000 } }), 'nl', nl)!.result!.rows!;
    expect(rows.filter((row) => row.estimate === 'raming').map((row) => row.key)).toEqual(['notary', 'mortgageDeed']);
  });

  it('a garage has no only-home question and says why', () => {
    const sut = purchaseCostSection(buildEstate({ headType: 'GARAGE', price: { value: 30_000 } }), 'nl', nl)!;
    expect(sut.form!.onlyHome).toBeNull();
    expect(sut.notes).toContain('Het verlaagde tarief voor de enige eigen woning geldt niet voor dit soort goed.');
  });

  it('a VAT new build without a construction part: the block says why there are no figures', () => {
    const sut = purchaseCostSection(buildEstate({ price: { value: 300_000, vatRegime: true, constructionValue: null, groundValue: null } }), 'nl', nl)!;
    expect(sut).toMatchObject({ form: null, result: null });
    expect(sut.unavailable).toContain('De verdeling tussen grond en constructie is niet gepubliceerd');
  });

  it('no block for a rent or a price on request', () => {
    expect(purchaseCostSection(buildEstate({ transaction: { statusId: 2, status: 'TO_RENT', forRent: true }, price: { value: 900 } }), 'nl', nl)).toBeNull();
    expect(purchaseCostSection(buildEstate({ price: { visible: false } }), 'nl', nl)).toBeNull();
  });

  it('refused input: the typed values and each field’s message, no figures', () => {
    const sut = purchaseCostSection(buildEstate(), 'nl', nl, { ok: false, values: { rate: '99' }, errors: { rate: 'costs.errors.rate' } })!;
    expect(sut.form!.fields.find((field) => field.name === 'rate')).toMatchObject({ value: '99', error: 'Geef een rentevoet tussen 0 en 15%.' });
    expect(sut.result).toMatchObject({ rows: null, errorSummary: { items: [{ fieldId: 'purchase-cost-rate', label: 'Rentevoet (% per jaar)' }] } });
  });
});
