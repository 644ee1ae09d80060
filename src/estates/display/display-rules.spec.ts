import { buildEstate } from '../../../test/factories/estate.factory.js';
import { fileTranslator } from '../../../test/support/file-translator.js';
import type { Estate } from '../domain/estate.js';
import { buildTabs } from './estate-display.js';

const nl = fileTranslator('nl');

/** The field `code` as the tabs show it, or undefined when it is not shown. */
function shown(estate: Estate, code: string, t = nl) {
  return buildTabs(estate, t).flatMap((tab) => tab.fields).find((field) => field.code === code);
}

describe('display rules (SPEC §5)', () => {
  it('hides a field whose value is minus one', () => {
    expect(shown(buildEstate({ bedrooms: -1 }), 'general.bedrooms')).toBeUndefined();
    expect(shown(buildEstate({ bedrooms: 3 }), 'general.bedrooms')?.text).toBe('3');
  });

  it('hides price if empty', () => {
    expect(shown(buildEstate({ price: { value: null } }), 'financial.price')).toBeUndefined();
  });

  it('shows "price on request" when the agency hides the price', () => {
    expect(shown(buildEstate({ price: { visible: false } }), 'financial.price')?.text).toBe('Prijs op aanvraag');
  });

  it('hides the total price when the agency hides the price: it would tell the price', () => {
    const onRequest = buildEstate({ price: { value: 660000, totalPrice: 690000, visible: false } });
    expect(shown(onRequest, 'financial.totalPrice')).toBeUndefined();
    const field = buildTabs(onRequest, nl).flatMap((tab) => tab.fields).find((candidate) => candidate.code === 'financial.totalPrice');
    expect(field?.value ?? null).toBeNull();
  });

  it('falls back to the "from" price of a project', () => {
    expect(shown(buildEstate({ price: { value: null, priceFrom: 250000 } }), 'financial.price')?.text).toBe('Vanaf €\u00a0250.000,00');
  });

  it('hides total price or construction value equal to the price', () => {
    const same = buildEstate({ price: { value: 300000, totalPrice: 300000, constructionValue: 300000 } });
    expect(shown(same, 'financial.totalPrice')).toBeUndefined();
    expect(shown(same, 'financial.constructionValue')).toBeUndefined();
    const different = buildEstate({ price: { value: 300000, totalPrice: 320000, constructionValue: 180000 } });
    expect(shown(different, 'financial.totalPrice')?.text).toBe('€\u00a0320.000,00');
    expect(shown(different, 'financial.constructionValue')?.text).toBe('€\u00a0180.000,00');
  });

  it('hides certificate-conformity if null or false', () => {
    expect(shown(buildEstate({ technical: { certificateConformity: null } }), 'technical.certificateConformity')).toBeUndefined();
    expect(shown(buildEstate({ technical: { certificateConformity: false } }), 'technical.certificateConformity')).toBeUndefined();
    expect(shown(buildEstate({ technical: { certificateConformity: true, certificateConformityConform: 'VALID' } }), 'technical.certificateConformity')?.text).toBe(
      'Ja (Conform)',
    );
  });

  it('Walloon region: hides empty planning fields, the as-built certificate, heritage inventory and flooding scores', () => {
    const walloon = buildEstate({
      address: { region: 'WALLONIA' },
      planning: { buildingLicense: 'YES', certificateAsBuilt: 'YES', heritageInventoried: 'NO', floodingScoreBuilding: 'D', floodingScoreParcel: 'A' },
    });
    expect(shown(walloon, 'planning.buildingLicense')?.text).toBe('Ja');
    for (const code of ['planning.presaleRight', 'planning.certificateAsBuilt', 'planning.heritageInventoried', 'planning.floodingScoreBuilding', 'planning.floodingScoreParcel']) {
      expect(shown(walloon, code)).toBeUndefined();
    }
  });

  it('outside Wallonia an empty planning field shows "not entered" in the locale', () => {
    const flemish = buildEstate();
    expect(shown(flemish, 'planning.presaleRight')?.text).toBe('Niet ingegeven');
    expect(shown(flemish, 'planning.presaleRight', fileTranslator('fr'))?.text).toBe('Non renseigné');
    expect(shown(flemish, 'planning.presaleRight', fileTranslator('en'))?.text).toBe('Not entered');
    expect(shown(flemish, 'planning.presaleRight', fileTranslator('de'))?.text).toBe('Nicht eingegeben');
  });

  it('shows elevator and new-building only if true', () => {
    expect(shown(buildEstate({ technical: { elevator: false, newBuilding: false } }), 'technical.elevator')).toBeUndefined();
    expect(shown(buildEstate({ technical: { elevator: false, newBuilding: false } }), 'technical.newBuilding')).toBeUndefined();
    expect(shown(buildEstate({ technical: { elevator: true } }), 'technical.elevator')?.text).toBe('Ja');
    expect(shown(buildEstate({ technical: { newBuilding: true } }), 'technical.newBuilding')?.text).toBe('Ja');
  });

  it('hides an empty asbestos inventory', () => {
    expect(shown(buildEstate({ asbestosInventory: '' }), 'general.asbestosInventory')).toBeUndefined();
    expect(shown(buildEstate({ asbestosInventory: 'YES' }), 'general.asbestosInventory')?.text).toBe('Ja');
  });

  it.each(['TO_RENT', 'RENTED'] as const)('%s hides the electrical certificate and the sale-only planning fields', (status) => {
    const rental = buildEstate({
      transaction: { status, forRent: true },
      planning: { plannedPermission: 'YES', recentDestination: 'WG', proceeding: 'NO', subdivisionPermit: 'NO', certificateAsBuilt: 'YES' },
    });
    for (const code of ['technical.certificateElectricity', 'planning.plannedPermission', 'planning.recentDestination', 'planning.proceeding', 'planning.subdivisionPermit', 'planning.certificateAsBuilt']) {
      expect(shown(rental, code)).toBeUndefined();
    }
    expect(shown(buildEstate(), 'technical.certificateElectricity')?.text).toBe('Verkregen (Conform)');
  });

  it('type PLOT hides the electrical certificate fields', () => {
    expect(shown(buildEstate({ headType: 'PLOT', subType: 'BUILDING_PLOT' }), 'technical.certificateElectricity')).toBeUndefined();
  });

  it('VAT regime hides price, land price, infrastructure price and notary total', () => {
    const vat = buildEstate({ price: { vatRegime: true, groundValue: 90000, infrastructureValue: 12000, furnitureValue: 5000 }, notaryTotal: 9000 });
    for (const code of ['financial.price', 'financial.groundValue', 'financial.infrastructureValue', 'notary.notaryTotal']) {
      expect(shown(vat, code)).toBeUndefined();
    }
    expect(shown(vat, 'financial.furnitureValue')?.text).toBe('€\u00a05.000,00');
  });

  it('a main field absorbs its companion: glazing with its text, garden with its text', () => {
    const estate = buildEstate({ comfort: { windowGlazing: 'TRIPLE', windowGlazingText: { nl: 'hoogrendementsglas' }, garden: 'ONLY_LAWN', gardenText: { nl: 'zuidgericht' } } });
    expect(shown(estate, 'comfort.windowGlazing')?.text).toBe('Driedubbel glas (hoogrendementsglas)');
    expect(shown(estate, 'comfort.garden')?.text).toBe('Enkel gazon (zuidgericht)');
    expect(shown(estate, 'comfort.windowGlazingText')).toBeUndefined();
  });
});
