import { buildEstate } from '../../../test/factories/estate.factory.js';
import { fileTranslator } from '../../../test/support/file-translator.js';
import type { Estate, Region } from '../domain/estate.js';
import { toEstateCard } from './estate-card.js';
import { toDisplayModel } from './estate-display.js';
import {
  complianceGaps,
  energyMention,
  epcUniqueCode,
  flandersFlood,
  floodText,
  heritageNotice,
  planningMention,
  rentalCharges,
} from './region-rules.js';

const nl = fileTranslator('nl');
const fr = fileTranslator('fr');
const translators = { nl, fr } as const;

const SALE = { statusId: 1, status: 'FOR_SALE', forRent: false } as const;
const RENT = { statusId: 2, status: 'TO_RENT', forRent: true } as const;
const EMPTY_ENERGY = { epcValue: null, epcValueTotal: null, epbReference: null, epcReference: null, energyLabel: null, customEpcLabel: null, eLevel: null, kLevel: null, co2: null, issuedOn: null, validUntil: null };

function listing(region: Region, transaction: typeof SALE | typeof RENT, energy: Partial<Estate['energy']>, extra: Parameters<typeof buildEstate>[0] = {}): Estate {
  return buildEstate({ ...extra, transaction, address: { ...extra.address, region }, energy: { ...EMPTY_ENERGY, ...energy } });
}

const gapsOf = (estate: Estate, rule: string) => complianceGaps(estate).filter((gap) => gap.rule === rule).map((gap) => gap.missing);

describe(epcUniqueCode.name, () => {
  it.each([
    ['20081101-0000000245-00000015', 'UC: 245'],
    ['20240101-0001234-00000001', 'UC: 1234'],
    [' 20081101-0000000245-00000015 ', 'UC: 245'],
    ['20081101-0000000000-00000015', null],
    ['PEB-2024-123', null],
    [null, null],
  ])('%s gives %s', (reference, expected) => {
    expect(epcUniqueCode(reference)).toBe(expected);
  });
});

describe('Flemish EPC: the full address instead of the unique code', () => {
  const scoreOnly = { epcValue: 245, energyLabel: 'C' };
  const kouter = (headType: Estate['headType'], number: string | null, box: string | null) =>
    listing('FLANDERS', SALE, scoreOnly, { headType, address: { street: { nl: 'Kouter', fr: 'Kouter' }, number, box, visible: true } });
  it.each([
    ['a house with street and number', 'HOUSE', '12', null, []],
    ['a house without its house number', 'HOUSE', null, null, ['addressOrUniqueCode']],
    ['a house with a blank house number', 'HOUSE', '  ', null, ['addressOrUniqueCode']],
    ['an apartment with number and box', 'APARTMENT', '12', '3', []],
    ['an apartment "Kouter 12" without its box', 'APARTMENT', '12', null, ['addressOrUniqueCode']],
    ['an apartment with a box but no house number', 'APARTMENT', null, '3', ['addressOrUniqueCode']],
  ] as const)('%s and no UC code', (_name, headType, number, box, gaps) => {
    expect(gapsOf(kouter(headType, number, box), 'flandersEnergy')).toEqual(gaps);
  });

  it('an apartment without its box still passes with the UC code', () => {
    const estate = listing('FLANDERS', SALE, { ...scoreOnly, epcReference: '20081101-0000000245-00000015' }, { headType: 'APARTMENT', address: { box: null } });
    expect(gapsOf(estate, 'flandersEnergy')).toEqual([]);
  });
});

describe('energy mention per region (region × transaction × data)', () => {
  const full = { epcValue: 245, energyLabel: 'C', co2: 32, epcReference: '20081101-0000000245-00000015' };
  const FLEMISH_REF = '20081101-0000000245-00000015';
  it.each([
    // locale, region, transaction, energy, address visible, expected short form, expected lines, expected gaps
    ['nl', 'FLANDERS', SALE, full, true, 'EPC C · 245 kWh/m²', ['label', 'score', 'uniqueCode'], []],
    ['fr', 'FLANDERS', RENT, full, true, 'PEB C · 245 kWh/m²', ['label', 'score', 'uniqueCode'], []],
    ['nl', 'FLANDERS', SALE, { energyLabel: 'C', epcReference: FLEMISH_REF }, true, 'EPC C', ['label', 'uniqueCode'], ['epcScore']],
    ['nl', 'FLANDERS', SALE, { epcValue: 245, energyLabel: 'C' }, true, 'EPC C · 245 kWh/m²', ['label', 'score'], []],
    ['nl', 'FLANDERS', SALE, { epcValue: 245, energyLabel: 'C' }, false, 'EPC C · 245 kWh/m²', ['label', 'score'], ['addressOrUniqueCode']],
    ['fr', 'FLANDERS', RENT, {}, false, null, [], ['epcScore', 'addressOrUniqueCode']],
    ['nl', 'BRUSSELS', SALE, full, true, 'EPB C · 32 kg CO2/m²', ['label', 'co2'], []],
    ['fr', 'BRUSSELS', RENT, full, true, 'PEB C · 32 kg CO2/m²', ['label', 'co2'], []],
    ['fr', 'BRUSSELS', SALE, { energyLabel: 'D' }, true, 'PEB D', ['label'], ['co2']],
    ['fr', 'BRUSSELS', SALE, { customEpcLabel: 'PEB en cours', co2: 40 }, true, null, [], ['energyClass']],
    ['nl', 'WALLONIA', SALE, { ...full, epcReference: 'PEB-20240512-0042' }, true, 'EPB C · 245 kWh/m²', ['label', 'score', 'certificate'], []],
    ['fr', 'WALLONIA', RENT, { epcValue: 245, energyLabel: 'C' }, true, 'PEB C · 245 kWh/m²', ['label', 'score'], ['certificateNumber']],
    ['fr', 'WALLONIA', SALE, { customEpcLabel: 'en cours', epcValue: 245, epcReference: 'PEB-1' }, true, null, [], ['energyClass']],
  ] as const)('%s %s %o %o (address shown: %s) → %s', (locale, region, transaction, energy, visible, short, lines, gaps) => {
    const estate = listing(region, transaction, energy, { address: { visible } });
    const mention = energyMention(estate, translators[locale]);
    expect(mention.short).toBe(short);
    expect(mention.lines.map((line) => line.code)).toEqual(lines);
    expect(gapsOf(estate, `${region.toLowerCase()}Energy`)).toEqual(gaps);
  });

  it('a Flemish new build (or a unit of a project) states its E-level, and misses it when the CRM has none', () => {
    const newBuild = listing('FLANDERS', SALE, { epcValue: 40, energyLabel: 'A', eLevel: 30 }, { technical: { newBuilding: true } });
    expect(energyMention(newBuild, nl).lines).toContainEqual({ code: 'eLevel', label: 'E-peil', text: 'E30' });
    expect(energyMention(newBuild, fr).lines).toContainEqual({ code: 'eLevel', label: 'Niveau E', text: 'E30' });
    const unit = listing('FLANDERS', SALE, { epcValue: 40, energyLabel: 'A' }, { parentId: 500 });
    expect(gapsOf(unit, 'flandersEnergy')).toEqual(['eLevel']);
    const old = listing('FLANDERS', SALE, { epcValue: 40, energyLabel: 'A', eLevel: 30 });
    expect(energyMention(old, nl).lines.map((line) => line.code)).not.toContain('eLevel');
  });

  it.each(['PLOT', 'GARAGE'] as const)('a %s needs no energy certificate: nothing is missing', (headType) => {
    for (const region of ['FLANDERS', 'BRUSSELS', 'WALLONIA'] as const) {
      const estate = listing(region, SALE, {}, { headType });
      expect(complianceGaps(estate).filter((gap) => gap.rule.endsWith('Energy'))).toEqual([]);
      expect(energyMention(estate, nl).short).toBeNull();
    }
  });

  it('shows the lines with their labels and values in the page’s language', () => {
    const estate = listing('BRUSSELS', SALE, full);
    expect(energyMention(estate, fr).lines).toEqual([
      { code: 'label', label: 'Classe énergétique (PEB)', text: 'C' },
      { code: 'co2', label: 'Émissions de CO2', text: '32 kg/m² par an' },
    ]);
  });

  it('never shows "in progress" as an energy mention in Brussels and Wallonia, also not in the energy block', () => {
    for (const region of ['BRUSSELS', 'WALLONIA'] as const) {
      const model = toDisplayModel(listing(region, SALE, { customEpcLabel: 'PEB en cours', epcValue: 200 }), fr);
      expect(model.energy?.customLabel ?? null).toBeNull();
      expect(model.energy?.fields.map((field) => field.code)).not.toContain('energy.customEpcLabel');
      expect(model.tabs.flatMap((tab) => tab.fields).map((field) => field.text)).not.toContain('PEB en cours');
      expect(model.regionRules.energy.short).toBeNull();
    }
    const flemish = toDisplayModel(listing('FLANDERS', SALE, { customEpcLabel: 'in opmaak', epcValue: 200 }), nl);
    expect(flemish.energy?.customLabel).toBe('in opmaak');
  });

  it('the card carries the short form', () => {
    expect(toEstateCard(listing('BRUSSELS', SALE, full), fr, '/x').energyText).toBe('PEB C · 32 kg CO2/m²');
    expect(toEstateCard(listing('FLANDERS', SALE, full), nl, '/x').energyText).toBe('EPC C · 245 kWh/m²');
  });
});

describe('planning per region', () => {
  const answered = { plannedPermission: 'YES', recentDestination: 'WG', summons: 'NO', proceeding: null, presaleRight: 'NO', allocationLicense: 'NO' };
  it.each([
    ['nl', 'FLANDERS', SALE, answered, ['Ja', 'Woongebied', 'Nee', 'Nee', 'Nee'], []],
    ['fr', 'FLANDERS', SALE, answered, ['Oui', "Zone d'habitat", 'Non', 'Non', 'Non'], []],
    ['nl', 'FLANDERS', SALE, { plannedPermission: 'YES' }, ['Ja', 'Niet ingegeven', 'Niet ingegeven', 'Niet ingegeven', 'Niet ingegeven'], ['destination', 'measure', 'preemption', 'subdivision']],
    ['fr', 'FLANDERS', SALE, { proceeding: 'YES', summons: 'NO' }, ['Non renseigné', 'Non renseigné', 'Oui', 'Non renseigné', 'Non renseigné'], ['permit', 'destination', 'preemption', 'subdivision']],
    ['nl', 'FLANDERS', RENT, {}, null, []],
    ['fr', 'WALLONIA', SALE, {}, null, []],
  ] as const)('%s %s %o %o → %o', (locale, region, transaction, planning, texts, gaps) => {
    const estate = listing(region, transaction, {}, { planning });
    const mention = planningMention(estate, translators[locale], null);
    expect(mention ? mention.questions.map((question) => question.text) : null).toEqual(texts);
    expect(gapsOf(estate, 'flandersPlanning')).toEqual(gaps);
  });

  it('a Flemish sale asks the five questions in the law’s words and lists their fields once', () => {
    const model = toDisplayModel(listing('FLANDERS', SALE, {}, { planning: answered }), nl);
    expect(model.regionRules.planning?.questions.map((question) => question.label)).toEqual([
      'Stedenbouwkundige vergunning afgeleverd',
      'Meest recente stedenbouwkundige bestemming',
      'Rechterlijke of bestuurlijke maatregel of procedure',
      'Voorkooprecht',
      'Verkavelingsvergunning',
    ]);
    expect(model.planning.fields.map((field) => field.code)).not.toContain('planning.plannedPermission');
  });

  it.each([
    // CoBAT art. 281: the destination AND the planning information (the link, with a free paper copy).
    ['nl', { recentDestination: 'WG' }, 'https://immo.example/stedenbouw', ['Woongebied'], 'https://immo.example/stedenbouw', []],
    ['fr', { recentDestination: 'WG' }, null, ["Zone d'habitat"], null, ['planningInfo']],
    ['fr', {}, 'https://immo.example/urbanisme', ['Non renseigné'], 'https://immo.example/urbanisme', ['destination']],
    ['nl', {}, null, ['Niet ingegeven'], null, ['destination', 'planningInfo']],
  ] as const)('Brussels %s %o (link %s) → %o', (locale, planning, url, texts, infoUrl, gaps) => {
    const estate = listing('BRUSSELS', RENT, {}, { planning });
    const mention = planningMention(estate, translators[locale], url);
    expect(mention?.questions.map((question) => question.text)).toEqual(texts);
    expect(mention?.infoUrl).toBe(infoUrl);
    expect(complianceGaps(estate, { planningInfoUrl: url }).filter((gap) => gap.rule === 'brusselsPlanning').map((gap) => gap.missing)).toEqual(gaps);
  });
});

describe('flood scores', () => {
  it.each([
    ['nl', 'FLANDERS', 'A', 'B', 'P-score A · G-score B', false, []],
    ['fr', 'FLANDERS', 'D', 'A', 'Score P D · Score G A', true, []],
    ['nl', 'FLANDERS', 'B', 'D', 'P-score B · G-score D', true, []],
    ['fr', 'FLANDERS', null, 'C', 'Score G C', false, ['parcelScore']],
    ['nl', 'FLANDERS', null, null, null, false, ['parcelScore', 'buildingScore']],
  ] as const)('%s %s P %s G %s → %s (symbol %s)', (locale, region, parcel, building, text, symbol, gaps) => {
    const estate = listing(region, SALE, {}, { planning: { floodingScoreParcel: parcel, floodingScoreBuilding: building } });
    const flood = flandersFlood(estate)!;
    expect(floodText(flood, translators[locale])).toBe(text);
    expect(flood.symbol).toBe(symbol);
    expect(gapsOf(estate, 'flandersFlood')).toEqual(gaps);
  });

  it.each(['BRUSSELS', 'WALLONIA'] as const)('%s: no flood rule', (region) => {
    const estate = listing(region, SALE, {}, { planning: { floodingScoreParcel: 'D' } });
    expect(flandersFlood(estate)).toBeNull();
    expect(gapsOf(estate, 'flandersFlood')).toEqual([]);
  });
});

describe('rental charges', () => {
  it.each([
    ['nl', 'FLANDERS', RENT, 85, 'Kosten: €\u00a085,00 per maand', []],
    ['fr', 'BRUSSELS', RENT, 85, 'Charges : €\u00a085,00 par mois', []],
    ['nl', 'WALLONIA', RENT, 0, 'Geen kosten', []],
    ['fr', 'FLANDERS', RENT, 0, 'Pas de charges', []],
    ['nl', 'BRUSSELS', RENT, null, 'Kosten niet gekend', ['charges']],
    ['fr', 'WALLONIA', RENT, null, 'Charges non communiquées', ['charges']],
    ['nl', 'FLANDERS', SALE, null, null, []],
  ] as const)('%s %s %o charges %s → %s', (locale, region, transaction, monthlyCost, text, gaps) => {
    const estate = listing(region, transaction, {}, { technical: { monthlyCost } });
    expect(rentalCharges(estate, translators[locale])).toBe(text);
    expect(toEstateCard(estate, translators[locale], '/x').chargesText).toBe(text);
    expect(gapsOf(estate, 'rentalCharges')).toEqual(gaps);
  });
});

describe('heritage notice', () => {
  it.each([
    ['nl', 'FLANDERS', { heritageProtected: 'YES' }, 'Dit pand is beschermd als onroerend erfgoed.'],
    ['fr', 'BRUSSELS', { heritageProtected: 'YES' }, 'Ce bien est classé comme patrimoine protégé.'],
    ['nl', 'FLANDERS', { heritageInventoried: 'YES' }, 'Dit pand is opgenomen in een vastgestelde erfgoedinventaris.'],
    ['fr', 'FLANDERS', { heritageInventoried: 'YES' }, 'Ce bien est repris dans un inventaire du patrimoine établi.'],
    // SPEC §5 hides the heritage inventory in Wallonia: the notice follows it.
    ['fr', 'WALLONIA', { heritageInventoried: 'YES' }, null],
    ['nl', 'FLANDERS', { heritageProtected: 'NO', heritageInventoried: null }, null],
  ] as const)('%s %s %o → %s', (locale, region, planning, text) => {
    const estate = listing(region, SALE, {}, { planning });
    expect(heritageNotice(estate, translators[locale])).toBe(text);
    expect(toDisplayModel(estate, translators[locale]).regionRules.heritage).toBe(text);
  });
});

describe(complianceGaps.name, () => {
  it('a complete Flemish sale lacks nothing', () => {
    const estate = listing(
      'FLANDERS',
      SALE,
      { epcValue: 245, energyLabel: 'C', epcReference: '20081101-0000000245-00000015' },
      { planning: { plannedPermission: 'NO', recentDestination: 'WG', summons: 'NO', presaleRight: 'NO', allocationLicense: 'NO', floodingScoreParcel: 'A', floodingScoreBuilding: 'A' } },
    );
    expect(complianceGaps(estate)).toEqual([]);
  });

  it('a listing without a region is checked by no regional rule', () => {
    expect(complianceGaps(buildEstate({ address: { region: null }, energy: EMPTY_ENERGY }))).toEqual([]);
  });
});
