// Turns the demo catalogue's source A records (written in the domain's words by generate-fixtures.mjs) into the
// Zabun CMS API's shape as public clients read it (docs/crm/zabun.md, src/estates/sources/source-a/source-a.types.ts):
// dictionary ids resolved by option_items, the geo cities ({ city_geo_id, city, city_full, zip, alias }), technicals[]
// named through the technicals, their dropdowns and the evaluations, video types by name, the `_ynu` answers, units
// named by their project's child_properties, persons with split phone numbers, and the website medium's listing ids.
// The ids are the demo account's own: the site decodes every dictionary by its entries' names
// (src/estates/sources/source-a/source-a.names.ts), so another account may number them differently.

const SUB_TYPES = {
  HOUSE: ['DETACHED', 'SEMI_DETACHED', 'TERRACED_HOUSE', 'TOWNHOUSE', 'VILLA', 'BUNGALOW', 'COTTAGE', 'FARMHOUSE', 'MANSION', 'CASTLE', 'MIXED_USE'],
  APARTMENT: ['FLAT', 'DUPLEX', 'TRIPLEX', 'LOFT', 'PENTHOUSE', 'STUDIO', 'STUDENT_ROOM', 'GROUND_FLOOR', 'SERVICE_FLAT', 'ROOFTOP_FLAT'],
  PLOT: ['BUILDING_PLOT', 'WOOD', 'MEADOW', 'AGRICULTURAL_LAND', 'RECREATIONAL_PLOT', 'INDUSTRIAL_PLOT'],
  COMMERCIAL: ['OFFICE', 'SHOP', 'HOTEL', 'RESTAURANT', 'CAFE', 'WORKSHOP', 'WAREHOUSE', 'INDUSTRIAL_BUILDING', 'PRACTICE'],
  GARAGE: ['GARAGE_BOX', 'CARPORT', 'PARKING', 'INDOOR_PARKING', 'OUTDOOR_PARKING'],
  PROJECT: ['NEW_BUILD_PROJECT', 'RENOVATION_PROJECT', 'RESIDENTIAL_PROJECT'],
};
const HEAD_IDS = { HOUSE: 1, APARTMENT: 2, PLOT: 3, COMMERCIAL: 4, GARAGE: 5, PROJECT: 6 };
const TYPE_IDS = new Map(Object.keys(HEAD_IDS).flatMap((head) => SUB_TYPES[head].map((sub) => `${head}/${sub}`)).map((key, index) => [key, index + 1]));
const numbered = (values) => Object.fromEntries(values.map((value, index) => [value, index + 1]));
// SPEC §4 status id of source A → [transaction_id, status_id] (transactions: 1 sale, 2 rent, 3 take-over; status: 1 available, 2 option, 3 sold/rented).
const STATUS = { 1: [1, 1], 2: [2, 1], 3: [1, 2], 4: [2, 2], 5: [1, 3], 6: [2, 3], 7: [3, 1], 9: [3, 3] };
const CONSTRUCTION = numbered(['OPEN', 'HALF_OPEN', 'CLOSED']);
const CONDITION = numbered(['TO_RENOVATE', 'TO_FRESHEN_UP', 'GOOD_CONDITION', 'EXCELLENT_CONDITION', 'RENEWED', 'NEW']);
const PLANNING = numbered(['YES', 'NO', 'UNKNOWN', 'PENDING', 'BEFORE_1962']);
const DESTINATIONS = ['AG', 'EG', 'WIG', 'WUG', 'BG', 'IGB', 'RG', 'GWG', 'NG', 'PG', 'WG', 'WGL', 'WGR', 'GG', 'WCHE', 'WP', 'IAB', 'GDR', 'GVR', 'LWAG', 'NR', 'GVON', 'DVG', 'NI'];
const DESTINATION = numbered(DESTINATIONS);
const ENVIRONMENT = numbered(['TOWN', 'RESIDENTIAL', 'COUNTRYSIDE', 'VILLAGE', 'SUBURBAN_AREA', 'CRAFT_INDUSTRY', 'INDUSTRIAL', 'SEA_BEACH_DUNE']);
const FACILITY = { FIBER_INTERNET: 1, BICYCLE_STORAGE: 2 };
const FILE_TYPE = { FLOOR_PLAN: 1, SPECIFICATIONS: 2, BROCHURE: 3, EPC_CERTIFICATE: 45, ESTIMATION: 103, ELECTRICAL_INSPECTION: 104 };
const ORIENTATION = numbered(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);
// videos/types: numbered unlike the SPEC's video type ids on purpose, the site tells a virtual tour by the type's name.
const VIDEO_TYPE = { VIDEO: 4, VIRTUAL_TOUR: 9 };
const FREE_ON_TEXT = { IMMEDIATE: 'Onmiddellijk', DEED: 'Bij akte', AFTER_NOTICE_PERIOD: 'Na opzeg', DELIVERY: 'Bij oplevering', TBD: 'Overeen te komen', UNKNWON: 'Onbekend' };
const YNU = { true: 'YES', false: 'NO' };
const ELECTRICITY_YNU = { OBTAINED: 'YES', NOT_OBTAINED: 'NO', UNKNOWN: 'UNKNOWN' };
const BELGIUM = 23;

const n = (nl, fr, en, de) => ({ nl, fr, en, de });
const same = (text) => n(text, text, text, text);
const plain = (code) => same(code.replaceAll('_', ' ').toLowerCase().replace(/^./, (first) => first.toUpperCase()));
const TYPE_NAMES = {
  VILLA: same('Villa'), PENTHOUSE: same('Penthouse'), BUNGALOW: same('Bungalow'), GROUND_FLOOR: n('Gelijkvloers', 'Rez-de-chaussée', 'Ground floor', 'Erdgeschoss'),
  HOTEL: n('Hotel', 'Hôtel', 'Hotel', 'Hotel'), AGRICULTURAL_LAND: n('Landbouwgrond', 'Terrain agricole', 'Agricultural land', 'Agrarland'),
  GARAGE_BOX: n('Garagebox', 'Box de garage', 'Garage box', 'Garagenbox'), TOWNHOUSE: n('Herenhuis', 'Maison de maître', 'Townhouse', 'Stadthaus'), LOFT: same('Loft'),
  STUDENT_ROOM: n('Studentenkamer', 'Kot', 'Student room', 'Studentenzimmer'), WOOD: n('Bos', 'Bois', 'Woodland', 'Wald'), PARKING: n('Parkeerplaats', 'Parking', 'Parking space', 'Stellplatz'),
  COTTAGE: same('Cottage'), FARMHOUSE: n('Hoeve', 'Ferme', 'Farmhouse', 'Bauernhof'), SEMI_DETACHED: n('Halfopen bebouwing', 'Maison jumelée', 'Semi-detached house', 'Doppelhaushälfte'),
  FLAT: n('Appartement', 'Appartement', 'Flat', 'Wohnung'), WAREHOUSE: n('Magazijn', 'Entrepôt', 'Warehouse', 'Lagerhalle'), BUILDING_PLOT: n('Bouwgrond', 'Terrain à bâtir', 'Building plot', 'Baugrundstück'),
  INDOOR_PARKING: n('Binnenstaanplaats', 'Parking intérieur', 'Indoor parking', 'Tiefgaragenstellplatz'), STUDIO: same('Studio'), SHOP: n('Winkel', 'Commerce', 'Shop', 'Ladenlokal'),
  CARPORT: same('Carport'), TERRACED_HOUSE: n('Rijwoning', 'Maison mitoyenne', 'Terraced house', 'Reihenhaus'), DUPLEX: n('Duplex', 'Duplex', 'Duplex', 'Maisonette'),
  DETACHED: n('Open bebouwing', 'Maison 4 façades', 'Detached house', 'Einfamilienhaus'), NEW_BUILD_PROJECT: n('Nieuwbouwproject', 'Projet neuf', 'New-build project', 'Neubauprojekt'), CASTLE: n('Kasteel', 'Château', 'Castle', 'Schloss'),
};
const HEAD_NAMES = { HOUSE: n('Woning', 'Maison', 'House', 'Haus'), APARTMENT: n('Appartement', 'Appartement', 'Apartment', 'Wohnung'), PLOT: n('Grond', 'Terrain', 'Plot', 'Grundstück'), COMMERCIAL: n('Handelspand', 'Commerce', 'Commercial', 'Gewerbe'), GARAGE: same('Garage'), PROJECT: n('Project', 'Projet', 'Project', 'Projekt') };
const CONDITION_NAMES = { TO_RENOVATE: n('Te renoveren', 'À rénover', 'To renovate', 'Renovierungsbedürftig'), TO_FRESHEN_UP: n('Op te frissen', 'À rafraîchir', 'To freshen up', 'Aufzufrischen'), GOOD_CONDITION: n('Goede staat', 'Bon état', 'Good condition', 'Guter Zustand'), EXCELLENT_CONDITION: n('Uitstekende staat', 'Excellent état', 'Excellent condition', 'Ausgezeichneter Zustand'), RENEWED: n('Gerenoveerd', 'Rénové', 'Renovated', 'Renoviert'), NEW: n('Nieuw', 'Neuf', 'New', 'Neu') };
const PLANNING_NAMES = { YES: n('Ja', 'Oui', 'Yes', 'Ja'), NO: n('Nee', 'Non', 'No', 'Nein'), UNKNOWN: n('Onbekend', 'Inconnu', 'Unknown', 'Unbekannt'), PENDING: n('Aangevraagd', 'Demandé', 'Pending', 'Beantragt'), BEFORE_1962: n('Van vóór 1962', 'Avant 1962', 'Before 1962', 'Vor 1962') };
const ENVIRONMENT_NAMES = { TOWN: n('Stad', 'Ville', 'Town', 'Stadt'), RESIDENTIAL: n('Residentieel', 'Résidentiel', 'Residential', 'Wohngebiet'), COUNTRYSIDE: n('Landelijk', 'Campagne', 'Countryside', 'Ländlich'), VILLAGE: n('Dorp', 'Village', 'Village', 'Dorf'), SUBURBAN_AREA: n('Stadsrand', 'Périphérie', 'Suburban area', 'Stadtrand'), CRAFT_INDUSTRY: n('Ambachtelijke zone', 'Zone artisanale', 'Craft industry', 'Gewerbegebiet'), INDUSTRIAL: n('Industriezone', 'Zone industrielle', 'Industrial', 'Industriegebiet'), SEA_BEACH_DUNE: n('Zee, strand en duinen', 'Mer, plage et dunes', 'Sea, beach and dunes', 'Meer, Strand und Dünen') };
const ROOM_NAMES = [
  n('Slaapkamer', 'Chambre', 'Bedroom', 'Schlafzimmer'), n('Woonkamer', 'Séjour', 'Living room', 'Wohnzimmer'), n('Keuken', 'Cuisine', 'Kitchen', 'Küche'), n('Eetkamer', 'Salle à manger', 'Dining room', 'Esszimmer'),
  n('Badkamer', 'Salle de bains', 'Bathroom', 'Badezimmer'), same('Garage'), n('Bureau', 'Bureau', 'Office', 'Büro'), n('Berging', 'Débarras', 'Storage', 'Abstellraum'), n('Kelder', 'Cave', 'Cellar', 'Keller'),
  n('Terras', 'Terrasse', 'Terrace', 'Terrasse'), n('Zolder', 'Grenier', 'Attic', 'Dachboden'), n('Wasplaats', 'Buanderie', 'Laundry', 'Waschküche'), n('Dressing', 'Dressing', 'Dressing room', 'Ankleide'),
  n('Parkeerplaats', 'Emplacement de parking', 'Parking space', 'Stellplatz'), n('Inkomhal', "Hall d'entrée", 'Entrance hall', 'Eingangshalle'), n('Toilet', 'Toilette', 'Toilet', 'WC'),
  n('Veranda', 'Véranda', 'Veranda', 'Veranda'), n('Tuinhuis', 'Abri de jardin', 'Garden shed', 'Gartenhaus'), n('Douchekamer', 'Salle de douche', 'Shower room', 'Duschraum'), n('Overloop', 'Palier', 'Landing', 'Treppenabsatz'),
  n('Speelkamer', 'Salle de jeux', 'Playroom', 'Spielzimmer'), n('Tuin', 'Jardin', 'Garden', 'Garten'),
];
const STICKERS = [
  { id: 1, name: n('Nieuw', 'Nouveau', 'New', 'Neu'), color: '#d81b60', color_text: '#ffffff' },
  { id: 2, name: n('Open huis', 'Portes ouvertes', 'Open house', 'Tag der offenen Tür'), color: '#FFFFFF', color_text: '#000000' },
  { id: 3, name: n('Nieuwbouw', 'Neuf', 'New build', 'Neubau'), color: '#0b5a6b', color_text: '#ffffff' },
];

const DIRECTION_NAMES = {
  N: n('Noord', 'Nord', 'North', 'Nord'), NE: n('Noordoost', 'Nord-est', 'North-east', 'Nordost'), E: n('Oost', 'Est', 'East', 'Ost'), SE: n('Zuidoost', 'Sud-est', 'South-east', 'Südost'),
  S: n('Zuid', 'Sud', 'South', 'Süd'), SW: n('Zuidwest', 'Sud-ouest', 'South-west', 'Südwest'), W: n('West', 'Ouest', 'West', 'West'), NW: n('Noordwest', 'Nord-ouest', 'North-west', 'Nordwest'),
};
const EVALUATIONS = [
  { id: 1, name: n('Slecht', 'Mauvais', 'Poor', 'Schlecht') }, { id: 2, name: n('Matig', 'Moyen', 'Moderate', 'Mäßig') },
  { id: 3, name: n('Goed', 'Bon', 'Good', 'Gut') }, { id: 4, name: n('Zeer goed', 'Très bon', 'Very good', 'Sehr gut') },
];
// GET api/v1/property/technicals and, per technical, its dropdowns (the values a technicals[] row points at).
const TECHNICALS = [
  { id: 1, field: 'roof_type', name: n('Dak', 'Toiture', 'Roof', 'Dach'), values: {
    SADDLEBACK: n('Zadeldak', 'Toit à deux versants', 'Saddleback', 'Satteldach'), FLAT: n('Plat dak', 'Toit plat', 'Flat roof', 'Flachdach'), HIPPED: n('Schilddak', 'Toit en croupe', 'Hipped roof', 'Walmdach'),
    KERB: n('Mansardedak', 'Toit mansardé', 'Mansard roof', 'Mansarddach'), LEAN_TO: n('Lessenaarsdak', 'Toit en appentis', 'Lean-to roof', 'Pultdach') } },
  { id: 2, field: 'carpentry', name: n('Raamwerk', 'Châssis', 'Window frames', 'Fensterrahmen'), values: {
    WOOD: n('Hout', 'Bois', 'Wood', 'Holz'), ALUMINUM: n('Aluminium', 'Aluminium', 'Aluminium', 'Aluminium'), PLASTIC: n('PVC', 'PVC', 'PVC', 'Kunststoff') } },
  { id: 3, field: 'window_glazing', name: n('Beglazing', 'Vitrage', 'Glazing', 'Verglasung'), values: {
    SINGLE: n('Enkel glas', 'Simple vitrage', 'Single glazing', 'Einfachverglasung'), DOUBLE: n('Dubbel glas', 'Double vitrage', 'Double glazing', 'Doppelverglasung'), TRIPLE: n('Driedubbel glas', 'Triple vitrage', 'Triple glazing', 'Dreifachverglasung') } },
  { id: 4, field: 'heating', name: n('Verwarming', 'Chauffage', 'Heating', 'Heizung'), values: {
    GAS: n('Aardgas', 'Gaz naturel', 'Natural gas', 'Erdgas'), OIL: n('Stookolie', 'Mazout', 'Heating oil', 'Heizöl'), ELECTRICITY: n('Elektrisch', 'Électrique', 'Electric', 'Elektrisch'),
    HEAT_ACCUMULATION: n('Accumulatie', 'Accumulation', 'Heat accumulation', 'Speicherheizung'), PELLET: n('Pellets', 'Pellets', 'Pellet', 'Pellets'), WOOD: n('Hout', 'Bois', 'Wood', 'Holz'),
    GAS_HEATERS: n('Gaskachels', 'Convecteurs gaz', 'Gas heaters', 'Gasöfen'), PROPANE_GAS: n('Propaangas', 'Gaz propane', 'Propane gas', 'Propangas'),
    CENTRAL_VENTILATION: n('Centrale ventilatie', 'Ventilation centrale', 'Central ventilation', 'Zentrale Lüftung'), COAL: n('Steenkool', 'Charbon', 'Coal', 'Kohle') } },
  { id: 5, field: null, name: n('Elektriciteit', 'Électricité', 'Electricity', 'Elektrizität'), values: {} },
  { id: 6, field: 'bathroom_type', name: n('Sanitair', 'Sanitaires', 'Sanitary fittings', 'Sanitär'), values: {
    EQUIPPED: n('Ingericht', 'Équipé', 'Equipped', 'Ausgestattet'), NOT_EQUIPPED: n('Niet ingericht', 'Non équipé', 'Not equipped', 'Nicht ausgestattet') } },
  { id: 7, field: null, name: n('Isolatie', 'Isolation', 'Insulation', 'Dämmung'), values: {} },
  { id: 8, field: 'kitchen_type', name: n('Keuken', 'Cuisine', 'Kitchen', 'Küche'), values: {
    EQUIPPED: n('Ingerichte keuken', 'Cuisine équipée', 'Equipped', 'Einbauküche'), SEMI_EQUIPPED: n('Half ingericht', 'Semi-équipée', 'Semi-equipped', 'Teilausgestattet'),
    HYPER_EQUIPPED: n('Super ingericht', 'Hyper-équipée', 'Hyper-equipped', 'Voll ausgestattet'), NOT_EQUIPPED: n('Niet ingericht', 'Non équipée', 'Not equipped', 'Nicht ausgestattet'),
    AMERICAN_EQUIPPED: n('Open keuken ingericht', 'Américaine équipée', 'American equipped', 'Offene Einbauküche'),
    AMERICAN_SEMI_EQUIPPED: n('Open keuken half ingericht', 'Américaine semi-équipée', 'American semi-equipped', 'Offene Küche teilausgestattet'),
    AMERICAN_HYPER_EQUIPPED: n('Open keuken super ingericht', 'Américaine hyper-équipée', 'American hyper-equipped', 'Offene Küche voll ausgestattet') } },
];
/** A dropdown's id: its technical's id × 100 + its place in the list. */
const dropdownId = (technical, code) => technical.id * 100 + Object.keys(technical.values).indexOf(code) + 1;
const TECHNICAL_OF = Object.fromEntries(TECHNICALS.filter((technical) => technical.field).map((technical) => [technical.field, technical]));

/** The technicals dictionaries: the technicals, their dropdowns per technical id, and the evaluations. */
function technicalDictionaries() {
  return {
    technicals: TECHNICALS.map(({ id, name }) => ({ id, name })),
    technicalDropdowns: Object.fromEntries(TECHNICALS.map((technical) => [technical.id, Object.entries(technical.values).map(([code, name]) => ({ id: dropdownId(technical, code), name }))])),
    evaluations: EVALUATIONS,
    videoTypes: [{ id: VIDEO_TYPE.VIDEO, name: n('Video', 'Vidéo', 'Video', 'Video') }, { id: VIDEO_TYPE.VIRTUAL_TOUR, name: n('Virtuele tour', 'Visite virtuelle', 'Virtual Tour', 'Virtueller Rundgang') }],
  };
}

/** GET api/v1/property/option_items: every list the demo's ids refer to, named in four languages. */
function optionItems() {
  const entries = (table, names) => Object.entries(table).map(([code, id]) => ({ id, name: names[code] }));
  return {
    transactions: [{ id: 1, name: n('Te koop', 'À vendre', 'For sale', 'Zu verkaufen') }, { id: 2, name: n('Te huur', 'À louer', 'For rent', 'Zu vermieten') }, { id: 3, name: n('Over te nemen', 'À remettre', 'Take-over', 'Zur Übernahme') }],
    status: [
      { id: 1, name: n('Beschikbaar', 'Disponible', 'Available', 'Verfügbar') }, { id: 2, name: n('Onder optie', 'Sous option', 'Under option', 'Unter Option') },
      { id: 3, name: n('Verkocht/verhuurd', 'Vendu/loué', 'Sold/rented', 'Verkauft/vermietet') }, { id: 4, name: n('In voorbereiding', 'En préparation', 'In preparation', 'In Vorbereitung') },
      { id: 5, name: n('Ingetrokken', 'Retiré', 'Withdrawn', 'Zurückgezogen') },
    ],
    head_types: entries(HEAD_IDS, HEAD_NAMES),
    types: Object.keys(HEAD_IDS).flatMap((head) => SUB_TYPES[head].map((sub) => ({ id: TYPE_IDS.get(`${head}/${sub}`), head_type_id: HEAD_IDS[head], name: TYPE_NAMES[sub] ?? plain(sub) }))),
    building_types: [{ id: 1, name: n('Open bebouwing', '4 façades', 'Detached', 'Freistehend') }, { id: 2, name: n('Halfopen bebouwing', '3 façades', 'Semi-detached', 'Halboffen') }, { id: 3, name: n('Gesloten bebouwing', '2 façades', 'Terraced', 'Geschlossen') }],
    conditions: entries(CONDITION, CONDITION_NAMES),
    building_licenses: entries(PLANNING, PLANNING_NAMES),
    heritage_inventorieds: entries(PLANNING, PLANNING_NAMES),
    renovation_obligations: entries(PLANNING, PLANNING_NAMES),
    garden_directions: entries(ORIENTATION, DIRECTION_NAMES),
    flooding_sensitivities: [{ id: 1, name: n('Niet overstromingsgevoelig', 'Non inondable', 'Not flood-prone', 'Nicht hochwassergefährdet') }, { id: 2, name: n('Mogelijk overstromingsgevoelig', 'Potentiellement inondable', 'Possibly flood-prone', 'Möglicherweise hochwassergefährdet') }, { id: 3, name: n('Effectief overstromingsgevoelig', 'Effectivement inondable', 'Flood-prone', 'Hochwassergefährdet') }],
    flooding_zones: [{ id: 1, name: n('Geen risicozone', 'Hors zone à risque', 'No risk zone', 'Keine Risikozone') }, { id: 2, name: n('Afgebakende risicozone', 'Zone à risque délimitée', 'Marked risk zone', 'Ausgewiesene Risikozone') }],
    town_plannings: DESTINATIONS.map((code) => ({ id: DESTINATION[code], name: same(code) })),
    environments: entries(ENVIRONMENT, ENVIRONMENT_NAMES),
    facilities: [{ id: 1, name: n('Glasvezel', 'Fibre optique', 'Fibre internet', 'Glasfaser') }, { id: 2, name: n('Fietsenberging', 'Local vélos', 'Bicycle storage', 'Fahrradraum') }],
    layouts: ROOM_NAMES.map((name, index) => ({ id: index + 1, name })),
    stickers: STICKERS,
  };
}

const RESOLVED = new Set([
  'parent_property_id', 'head_type', 'sub_type', 'transaction_status_id', 'construction_type', 'condition', 'recent_destination', 'building_license_ynu', 'heritage_inventoried_ynu',
  'environment', 'facilities', 'layout', 'files', 'sticker', 'updated_at', 'energy_label', 'energy_label_shared', 'short_description', 'address', 'videos',
  'pets_allowed', 'furnished', 'garden_orientation', 'certificate_electricity', 'free_on', 'renovation_obligation_id',
  'heating', 'kitchen_type', 'bathroom_type', 'window_glazing', 'carpentry', 'roof_type',
]);
/** The evaluation a technical gets, from the listing's condition (the demo has no evaluations of its own). */
const EVALUATION_OF = { NEW: 4, EXCELLENT_CONDITION: 4, RENEWED: 3, GOOD_CONDITION: 3, TO_FRESHEN_UP: 2, TO_RENOVATE: 1 };

function toZabunProperty(record, cities) {
  const property = Object.fromEntries(Object.entries(record).filter(([key]) => !RESOLVED.has(key)));
  if (record.head_type) property.type_id = TYPE_IDS.get(`${record.head_type}/${record.sub_type}`);
  [property.transaction_id, property.status_id] = STATUS[record.transaction_status_id];
  property.building_type_id = CONSTRUCTION[record.construction_type] ?? null;
  property.condition_id = CONDITION[record.condition] ?? null;
  property.town_planning_id = DESTINATION[record.recent_destination] ?? null;
  property.building_license_id = PLANNING[record.building_license_ynu] ?? null;
  property.heritage_inventoried_id = PLANNING[record.heritage_inventoried_ynu] ?? null;
  property.environments = record.environment ? [{ environment_id: ENVIRONMENT[record.environment] }] : [];
  property.facilities = record.facilities.map((facility) => ({ facility_id: FACILITY[facility] }));
  property.layouts = record.layout.map(({ room_type_id, ...room }) => ({ layout_id: room_type_id, ...room }));
  property.files = record.files.map(({ type_id, ...file }) => ({ type_id: FILE_TYPE[type_id], ...file }));
  property.sticker_id = record.sticker ? (record.sticker.name.nl === 'Nieuwbouw' ? 3 : record.sticker.id) : null;
  property.custom_epc_label = record.energy_label;
  property.custom_epc_label_shared = record.energy_label_shared;
  property.description_short = record.short_description;
  property.changed = record.updated_at;
  property.creation = record.updated_at;
  // The `_ynu` answers, the garden's direction and the electrical certificate as public clients read them.
  property.pets_allowed_ynu = YNU[record.pets_allowed] ?? null;
  property.furniture_ynu = YNU[record.furnished] ?? null;
  property.direction_garden_id = ORIENTATION[record.garden_orientation] ?? null;
  property.certificate_electricity_ynu = ELECTRICITY_YNU[record.certificate_electricity] ?? null;
  property.available = FREE_ON_TEXT[record.free_on] ?? null;
  // The EPC's date and last valid day (ten years), and the building's number of floors: derived from the id, not
  // drawn, so the rest of the demo stays as it was.
  const id = record.property_id;
  const epcYear = 2025; // the year the demo's EPC references carry
  const epcDay = `${String((id % 12) + 1).padStart(2, '0')}-${String((id % 27) + 1).padStart(2, '0')}`;
  property.epc_date = record.epc_reference ? `${epcYear}-${epcDay}` : null;
  property.epc_date_expire = record.epc_reference ? `${epcYear + 10}-${epcDay}` : null;
  property.floors_total = record.head_type === 'HOUSE' ? 2 + (id % 2) : record.head_type === 'APARTMENT' ? 4 + (id % 5) : null;
  property.renovation_obligation_id = PLANNING[record.renovation_obligation_id] ?? null;
  property.technicals = Object.entries(TECHNICAL_OF).flatMap(([field, technical]) =>
    record[field] && technical.values[record[field]]
      ? [{ technical_id: technical.id, technical_dropdown_id: dropdownId(technical, record[field]), evaluation_id: EVALUATION_OF[record.condition] ?? 3 }]
      : [],
  );
  property.videos = record.videos.map(({ type_id, url }) => ({ type_id: type_id === 2 ? VIDEO_TYPE.VIRTUAL_TOUR : VIDEO_TYPE.VIDEO, url }));
  const { address } = record;
  const city = address.city_geo;
  // A geo city as clients read it: `city` in its region's language, its other names as aliases.
  const geo = {
    city_geo_id: city.city_id,
    city: city.city,
    city_full: `${city.zip} ${city.city}`,
    zip: city.zip,
    alias: Object.entries(city.city_translated ?? {}).filter(([, alias]) => alias && alias !== city.city).map(([lang, alias]) => ({ lang: lang.toUpperCase(), alias })),
  };
  // The dictionary's entry also carries the city's centre (*unconfirmed*: no client reads it; the map falls back on it).
  cities.set(city.city_id, { ...geo, latitude: city.latitude, longitude: city.longitude });
  property.address = {
    street: address.street,
    ...(address.street_translated ? { street_translated: address.street_translated } : {}),
    number: address.number,
    box: address.box,
    zip: city.zip,
    city_geo_id: city.city_id,
    city_geo: geo,
    country_geo_id: BELGIUM,
    latitude: address.latitude,
    longitude: address.longitude,
    address_visible: address.address_visible,
    geo_precision: address.geo_precision,
  };
  return property;
}

/** "+32 475 12 34 56" → ["+32", "475123456"], as Zabun stores a phone. */
function splitPhone(phone) {
  const match = phone ? /^\+(\d+) (.*)$/.exec(phone) : null;
  return match ? [`+${match[1]}`, match[2].replaceAll(' ', '')] : [null, null];
}

/** The files of fixtures/source-a in Zabun's shape. */
export function toZabunFixtures(records, reps) {
  const cities = new Map();
  const properties = records.map((record) => toZabunProperty(record, cities));
  const persons = reps.map((rep) => {
    const [mobileCc, mobile] = splitPhone(rep.mobile_phone);
    const [directCc, direct] = splitPhone(rep.phone);
    return {
      person_id: rep.person_id,
      first_name: rep.first_name,
      last_name: rep.last_name,
      email: rep.email,
      mobile_phone_cc: mobileCc,
      mobile_phone: mobile,
      direct_phone_cc: directCc,
      direct_phone: direct,
      language: rep.person_id === 302 ? 'fr' : 'nl',
      photo_url: rep.photo_url,
      description: rep.description,
    };
  });
  // Everything is on the website medium except the one record the agency did not publish.
  const media = { 14: records.filter((record) => record.publish).map((record) => record.property_id) };
  return { properties, persons, optionItems: optionItems(), ...technicalDictionaries(), cities: [...cities.values()].sort((a, b) => a.city_geo_id - b.city_geo_id), media };
}
