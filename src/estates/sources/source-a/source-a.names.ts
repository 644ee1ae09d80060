import { CONDITION, ENVIRONMENT, FREE_ON, RECENT_DESTINATION, ROOM_TYPES, SUB_TYPES } from '../../domain/enums.js';
import type { HeadType } from '../../domain/estate.js';

/*
 * What a Zabun dictionary entry MEANS on the site, by its name. Zabun numbers its dictionaries per account and no
 * public client assumes fixed ids: `josephJaoNasser/zabun-middleman-api` utils/formatPropertyData.js and the
 * Zabun→Airtable sync (docs/crm/zabun.md) both look an id up in the dictionary the account answers and use its
 * name. So each table here maps NAMES (Dutch, French and English, normalised by `normalName`) to a SPEC value; the
 * id comes from the account's own dictionary. Every name below is *unconfirmed* (no public client lists Zabun's
 * names): an entry whose name is not here leaves its field empty, and a required one (type, transaction, status)
 * skips the record naming the entry, so the operator sees which name to add.
 */

/** Lower case, accents and punctuation dropped, single spaces: "Te koop" = "te  koop", "À rénover" = "a renover". */
export function normalName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9+]+/g, ' ')
    .trim();
}

export type NameTable<T> = ReadonlyMap<string, T>;

/** A table from SPEC values to their names; each value's own code ("TO_RENOVATE" → "to renovate") is a name too. */
export function nameTable<T extends string | number>(names: Readonly<Record<string, readonly string[]>>, value: (code: string) => T = (code) => code as T): NameTable<T> {
  const table = new Map<string, T>();
  for (const [code, list] of Object.entries(names)) {
    for (const name of [code.replaceAll('_', ' '), ...list]) {
      const key = normalName(name);
      if (key && !table.has(key)) table.set(key, value(code));
    }
  }
  return table;
}

const codes = (values: readonly string[]): Record<string, readonly string[]> => Object.fromEntries(values.map((value) => [value, []]));

export const HEAD_TYPE_NAMES: NameTable<HeadType> = nameTable<HeadType>({
  HOUSE: ['woning', 'huis', 'maison', 'house', 'haus'],
  APARTMENT: ['appartement', 'apartment', 'flat', 'wohnung'],
  PLOT: ['grond', 'terrein', 'terrain', 'plot', 'land', 'grundstuck'],
  COMMERCIAL: ['handelspand', 'bedrijfsvastgoed', 'commercieel', 'commerce', 'commercial', 'gewerbe'],
  GARAGE: ['garage', 'parking', 'staanplaats'],
  PROJECT: ['project', 'projet', 'projekt', 'nieuwbouwproject'],
});

/** Subtype names per head type (a type's head comes from its head_type_id, so "Parking" is a garage's). */
const SUB_TYPE_NAMES: Readonly<Record<string, readonly string[]>> = {
  DETACHED: ['open bebouwing', 'maison 4 facades', 'detached house', 'villa 4 facades'],
  SEMI_DETACHED: ['halfopen bebouwing', 'maison jumelee', 'semi detached house', 'maison 3 facades'],
  TERRACED_HOUSE: ['rijwoning', 'gesloten bebouwing', 'maison mitoyenne', 'terraced house'],
  TOWNHOUSE: ['herenhuis', 'maison de maitre', 'townhouse'],
  FARMHOUSE: ['hoeve', 'boerderij', 'ferme', 'farmhouse'],
  CASTLE: ['kasteel', 'chateau', 'castle'],
  MANSION: ['landhuis', 'manoir', 'mansion'],
  MIXED_USE: ['gemengd gebruik', 'usage mixte', 'mixed use'],
  FLAT: ['appartement', 'flat'],
  GROUND_FLOOR: ['gelijkvloers', 'rez de chaussee', 'ground floor'],
  STUDENT_ROOM: ['studentenkamer', 'kot', 'student room'],
  SERVICE_FLAT: ['serviceflat', 'assistentiewoning', 'flat service', 'service flat'],
  ROOFTOP_FLAT: ['dakappartement', 'appartement sous toit', 'rooftop flat'],
  BUILDING_PLOT: ['bouwgrond', 'terrain a batir', 'building plot'],
  WOOD: ['bos', 'bois', 'woodland'],
  MEADOW: ['weiland', 'weide', 'prairie', 'meadow'],
  AGRICULTURAL_LAND: ['landbouwgrond', 'terrain agricole', 'agricultural land'],
  RECREATIONAL_PLOT: ['recreatiegrond', 'terrain de loisirs', 'recreational plot'],
  INDUSTRIAL_PLOT: ['industriegrond', 'terrain industriel', 'industrial plot'],
  OFFICE: ['kantoor', 'bureau', 'office'],
  SHOP: ['winkel', 'handelszaak', 'commerce', 'shop'],
  HOTEL: ['hotel'],
  RESTAURANT: ['restaurant'],
  CAFE: ['cafe', 'horeca'],
  WORKSHOP: ['werkplaats', 'atelier', 'workshop'],
  WAREHOUSE: ['magazijn', 'opslagplaats', 'entrepot', 'warehouse'],
  INDUSTRIAL_BUILDING: ['industrieel gebouw', 'batiment industriel', 'industrial building'],
  PRACTICE: ['praktijk', 'cabinet', 'practice'],
  GARAGE_BOX: ['garagebox', 'box de garage', 'garage box', 'garage'],
  CARPORT: ['carport'],
  PARKING: ['parkeerplaats', 'parking', 'parking space'],
  INDOOR_PARKING: ['binnenstaanplaats', 'parking interieur', 'indoor parking'],
  OUTDOOR_PARKING: ['buitenstaanplaats', 'parking exterieur', 'outdoor parking'],
  NEW_BUILD_PROJECT: ['nieuwbouwproject', 'projet neuf', 'new build project'],
  RENOVATION_PROJECT: ['renovatieproject', 'projet de renovation', 'renovation project'],
  RESIDENTIAL_PROJECT: ['residentieel project', 'projet residentiel', 'residential project'],
};

export const TYPE_NAMES: Readonly<Record<HeadType, NameTable<string>>> = Object.fromEntries(
  Object.entries(SUB_TYPES).map(([head, subtypes]) => [head, nameTable(Object.fromEntries((subtypes as readonly string[]).map((sub) => [sub, SUB_TYPE_NAMES[sub] ?? []])))]),
) as Record<HeadType, NameTable<string>>;

export type TransactionKind = 'SALE' | 'RENT' | 'TAKE_OVER';
export const TRANSACTION_NAMES: NameTable<TransactionKind> = nameTable<TransactionKind>({
  SALE: ['te koop', 'verkoop', 'a vendre', 'vente', 'for sale', 'sale'],
  RENT: ['te huur', 'verhuur', 'a louer', 'location', 'for rent', 'rent'],
  TAKE_OVER: ['over te nemen', 'overname', 'a remettre', 'remise', 'take over'],
});

export type StatusKind = 'AVAILABLE' | 'OPTION' | 'DONE' | 'PREPARATION' | 'WITHDRAWN';
export const STATUS_NAMES: NameTable<StatusKind> = nameTable<StatusKind>({
  AVAILABLE: ['beschikbaar', 'disponible', 'available', 'actief', 'actif', 'active'],
  OPTION: ['onder optie', 'optie', 'sous option', 'option', 'under option', 'onder bod', 'sous offre'],
  DONE: ['verkocht verhuurd', 'verkocht', 'verhuurd', 'overgenomen', 'vendu loue', 'vendu', 'loue', 'remis', 'sold rented', 'sold', 'rented', 'taken over'],
  PREPARATION: ['in voorbereiding', 'en preparation', 'in preparation'],
  WITHDRAWN: ['ingetrokken', 'retire', 'withdrawn', 'geannuleerd', 'annule', 'cancelled'],
});

export const CONDITION_NAMES: NameTable<string> = nameTable({
  ...codes(CONDITION),
  TO_RENOVATE: ['te renoveren', 'a renover', 'to renovate'],
  TO_FRESHEN_UP: ['op te frissen', 'a rafraichir', 'to freshen up'],
  GOOD_CONDITION: ['goede staat', 'bon etat', 'good condition', 'goed'],
  EXCELLENT_CONDITION: ['uitstekende staat', 'excellent etat', 'excellent condition', 'als nieuw'],
  RENEWED: ['gerenoveerd', 'renove', 'renovated'],
  NEW: ['nieuw', 'neuf', 'new', 'nieuwbouw'],
});

export const BUILDING_TYPE_NAMES: NameTable<string> = nameTable({
  OPEN: ['open bebouwing', '4 facades', 'vrijstaand', 'detached'],
  HALF_OPEN: ['halfopen bebouwing', '3 facades', 'semi detached'],
  CLOSED: ['gesloten bebouwing', '2 facades', 'terraced'],
});

/** building_licenses, heritage_inventoried(s) and renovation_obligations answer in these words. */
export const PLANNING_ANSWER_NAMES: NameTable<string> = nameTable({
  YES: ['ja', 'oui', 'yes', 'vergund', 'van toepassing', 'applicable'],
  NO: ['nee', 'neen', 'non', 'no', 'niet van toepassing', 'non applicable', 'not applicable'],
  UNKNOWN: ['onbekend', 'inconnu', 'unknown'],
  PENDING: ['aangevraagd', 'in aanvraag', 'demande', 'en cours', 'pending'],
  BEFORE_1962: ['van voor 1962', 'voor 1962', 'avant 1962', 'before 1962'],
});

/** town_plannings: the Flemish destination codes (WG, AG, …) are the names agencies see, with the long names. */
export const TOWN_PLANNING_NAMES: NameTable<string> = nameTable({
  ...codes(RECENT_DESTINATION),
  WG: ['woongebied', 'zone d habitat', 'residential area'],
  AG: ['agrarisch gebied', 'zone agricole', 'agricultural area'],
  WGL: ['woongebied met landelijk karakter', 'zone d habitat a caractere rural'],
  WUG: ['woonuitbreidingsgebied', 'zone d extension d habitat'],
  IGB: ['industriegebied', 'zone industrielle'],
  NG: ['natuurgebied', 'zone naturelle'],
});

export const ENVIRONMENT_NAMES: NameTable<string> = nameTable({
  ...codes(ENVIRONMENT),
  TOWN: ['stad', 'ville', 'town', 'city', 'centrum', 'centre'],
  RESIDENTIAL: ['residentieel', 'residentiel', 'residential'],
  COUNTRYSIDE: ['landelijk', 'campagne', 'countryside'],
  VILLAGE: ['dorp', 'village'],
  SUBURBAN_AREA: ['stadsrand', 'peripherie', 'suburban area'],
  CRAFT_INDUSTRY: ['ambachtelijke zone', 'zone artisanale', 'craft industry'],
  INDUSTRIAL: ['industriezone', 'zone industrielle', 'industrial'],
  SEA_BEACH_DUNE: ['zee strand en duinen', 'mer plage et dunes', 'sea beach and dunes', 'kust', 'cote'],
});

export const FACILITY_NAMES: NameTable<string> = nameTable({
  FIBER_INTERNET: ['glasvezel', 'fibre optique', 'fibre internet', 'fiber internet'],
  BICYCLE_STORAGE: ['fietsenberging', 'fietsenstalling', 'local velos', 'bicycle storage'],
});

/** layouts → SPEC §9 room type ids. */
export const LAYOUT_NAMES: NameTable<number> = nameTable<number>(
  {
    BEDROOM: ['slaapkamer', 'chambre', 'bedroom'],
    LIVING_ROOM: ['woonkamer', 'living', 'leefruimte', 'sejour', 'salon', 'living room'],
    KITCHEN: ['keuken', 'cuisine', 'kitchen'],
    DINING_ROOM: ['eetkamer', 'salle a manger', 'dining room'],
    BATHROOM: ['badkamer', 'salle de bains', 'salle de bain', 'bathroom'],
    GARAGE: ['garage'],
    OFFICE: ['bureau', 'kantoor', 'office'],
    STORAGE: ['berging', 'debarras', 'storage'],
    CELLAR: ['kelder', 'cave', 'cellar'],
    TERRACE: ['terras', 'terrasse', 'terrace'],
    ATTIC: ['zolder', 'grenier', 'attic'],
    LAUNDRY: ['wasplaats', 'washok', 'buanderie', 'laundry'],
    DRESSING: ['dressing', 'dressing room'],
    PARKING_SPACE: ['parkeerplaats', 'staanplaats', 'emplacement de parking', 'parking space'],
    ENTRANCE_HALL: ['inkomhal', 'hall d entree', 'entrance hall'],
    TOILET: ['toilet', 'wc', 'toilette', 'toilettes'],
    VERANDA: ['veranda'],
    GARDEN_SHED: ['tuinhuis', 'abri de jardin', 'garden shed'],
    SHOWER_ROOM: ['douchekamer', 'salle de douche', 'shower room'],
    LANDING: ['overloop', 'palier', 'landing'],
    PLAYROOM: ['speelkamer', 'salle de jeux', 'playroom'],
    GARDEN: ['tuin', 'jardin', 'garden'],
  },
  (code) => ROOM_TYPES[code as keyof typeof ROOM_TYPES],
);

/** garden_directions (the dictionary the Airtable sync decodes `direction_garden_id` with) → SPEC orientation. */
export const GARDEN_DIRECTION_NAMES: NameTable<string> = nameTable({
  N: ['noord', 'nord', 'north'],
  NE: ['noordoost', 'nord est', 'north east', 'northeast'],
  E: ['oost', 'est', 'east'],
  SE: ['zuidoost', 'sud est', 'south east', 'southeast'],
  S: ['zuid', 'sud', 'south'],
  SW: ['zuidwest', 'sud ouest', 'south west', 'southwest'],
  W: ['west', 'ouest'],
  NW: ['noordwest', 'nord ouest', 'north west', 'northwest'],
});

/** `available` is free text (the Airtable sync reads it as a text): the words agencies use → SPEC free-on. */
export const AVAILABLE_NAMES: NameTable<string> = nameTable({
  ...codes(FREE_ON),
  IMMEDIATE: ['onmiddellijk', 'direct', 'vrij', 'immediatement', 'immediat', 'de suite', 'immediately', 'immediate'],
  DEED: ['bij akte', 'mits akte', 'a l acte', 'at the deed', 'on deed'],
  AFTER_NOTICE_PERIOD: ['na opzeg', 'mits opzeg', 'na opzegtermijn', 'apres preavis', 'after notice period', 'after notice'],
  DELIVERY: ['bij oplevering', 'a la livraison', 'on delivery'],
  TBD: ['overeen te komen', 'in overleg', 'te bespreken', 'a convenir', 'to be agreed', 'tbd'],
  UNKNWON: ['onbekend', 'inconnu', 'unknown'],
});

/** videos/types: the type names that mean a virtual tour (the Airtable sync tells "Virtual Tour" from "Video" by name). */
export const VIRTUAL_TOUR_NAMES: ReadonlySet<string> = new Set(
  ['virtual tour', 'virtuele tour', 'virtueel bezoek', 'virtuele rondleiding', 'visite virtuelle', 'virtual visit', '360', '360 tour', '3d tour', 'matterport'].map(normalName),
);

/** The comfort fields a technical (`property/technicals`) fills, by the technical's name. */
export type TechnicalField = 'heating' | 'kitchenType' | 'windowGlazing' | 'carpentry' | 'roofType' | 'bathroomType';
export const TECHNICAL_NAMES: NameTable<TechnicalField> = nameTable<TechnicalField>({
  heating: ['verwarming', 'verwarmingssysteem', 'chauffage', 'heating', 'heating system'],
  kitchenType: ['keuken', 'cuisine', 'kitchen'],
  windowGlazing: ['beglazing', 'glas', 'vitrage', 'glazing'],
  carpentry: ['raamwerk', 'schrijnwerk', 'buitenschrijnwerk', 'ramen', 'chassis', 'menuiserie', 'menuiseries exterieures', 'window frame', 'window frames', 'windows'],
  roofType: ['dak', 'dakbedekking', 'toiture', 'toit', 'roof'],
  bathroomType: ['sanitair', 'badkamer', 'sanitaires', 'salle de bains', 'sanitary', 'sanitary fittings', 'bathroom'],
});

/** The dropdown names of each technical (`property/technicals/{id}/dropdowns`) → the SPEC enum of its field. */
export const TECHNICAL_DROPDOWN_NAMES: Readonly<Record<TechnicalField, NameTable<string>>> = {
  heating: nameTable({
    GAS: ['gas', 'aardgas', 'gaz', 'gaz naturel', 'natural gas', 'centrale verwarming gas'],
    OIL: ['stookolie', 'mazout', 'oil', 'fuel oil', 'heating oil'],
    ELECTRICITY: ['elektrisch', 'elektriciteit', 'electrique', 'electricite', 'electric'],
    HEAT_ACCUMULATION: ['accumulatie', 'accumulatieverwarming', 'accumulation', 'heat accumulation'],
    PELLET: ['pellets', 'pelletkachel', 'pellet'],
    WOOD: ['hout', 'bois', 'wood'],
    GAS_HEATERS: ['gaskachels', 'gaskachel', 'convecteurs gaz', 'gas heaters'],
    PROPANE_GAS: ['propaangas', 'propaan', 'gaz propane', 'propane', 'propane gas'],
    CENTRAL_VENTILATION: ['centrale ventilatie', 'ventilation centrale', 'central ventilation'],
    COAL: ['steenkool', 'kolen', 'charbon', 'coal'],
  }),
  kitchenType: nameTable({
    EQUIPPED: ['ingericht', 'ingerichte keuken', 'equipee', 'cuisine equipee', 'equipped'],
    SEMI_EQUIPPED: ['half ingericht', 'semi equipee', 'semi equipped'],
    HYPER_EQUIPPED: ['super ingericht', 'volledig ingericht', 'hyper equipee', 'hyper equipped'],
    NOT_EQUIPPED: ['niet ingericht', 'non equipee', 'not equipped'],
    AMERICAN_EQUIPPED: ['open keuken ingericht', 'americaine equipee', 'american equipped'],
    AMERICAN_SEMI_EQUIPPED: ['open keuken half ingericht', 'americaine semi equipee', 'american semi equipped'],
    AMERICAN_HYPER_EQUIPPED: ['open keuken super ingericht', 'americaine hyper equipee', 'american hyper equipped'],
  }),
  windowGlazing: nameTable({
    SINGLE: ['enkel', 'enkel glas', 'simple', 'simple vitrage', 'single', 'single glazing'],
    DOUBLE: ['dubbel', 'dubbel glas', 'double', 'double vitrage', 'double glazing'],
    TRIPLE: ['driedubbel', 'driedubbel glas', 'triple', 'triple vitrage', 'triple glazing'],
  }),
  carpentry: nameTable({
    WOOD: ['hout', 'bois', 'wood'],
    ALUMINUM: ['aluminium', 'alu', 'aluminum'],
    PLASTIC: ['pvc', 'kunststof', 'plastic'],
  }),
  roofType: nameTable({
    SADDLEBACK: ['zadeldak', 'toit a deux versants', 'saddleback', 'gable roof'],
    FLAT: ['plat dak', 'toit plat', 'flat', 'flat roof'],
    HIPPED: ['schilddak', 'toit en croupe', 'hipped', 'hipped roof'],
    KERB: ['mansardedak', 'toit mansarde', 'kerb', 'mansard roof'],
    LEAN_TO: ['lessenaarsdak', 'toit en appentis', 'lean to', 'lean to roof'],
  }),
  bathroomType: nameTable({
    EQUIPPED: ['ingericht', 'equipee', 'equipe', 'equipped'],
    NOT_EQUIPPED: ['niet ingericht', 'non equipee', 'non equipe', 'not equipped'],
  }),
};
