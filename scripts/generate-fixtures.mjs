// Writes the demo catalogue in the raw formats of source A (fixtures/source-a, the Zabun CMS API) and source B
// (fixtures/source-b). Deterministic (seeded), so running it again gives the same files.
// Usage: node scripts/generate-fixtures.mjs   (then commit the JSON it writes)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toZabunFixtures } from './zabun-fixtures.mjs';

const root = new URL('..', import.meta.url).pathname;

// --- deterministic randomness ---------------------------------------------------------------
let seed = 20261122;
const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
const pick = (list) => list[Math.floor(random() * list.length)];
const between = (low, high) => Math.round(low + random() * (high - low));
const chance = (p) => random() < p;

// --- places ---------------------------------------------------------------------------------
const CITIES = [
  { region: 'FLANDERS', zip: '9000', name: 'Gent', alias: { fr: 'Gand' }, lat: 51.0543, lon: 3.7174, streets: ['Kortrijksesteenweg', 'Coupure Links', 'Sint-Pietersnieuwstraat', 'Burgstraat'] },
  { region: 'FLANDERS', zip: '2000', name: 'Antwerpen', alias: { fr: 'Anvers', en: 'Antwerp' }, lat: 51.2194, lon: 4.4025, streets: ['Kasteelpleinstraat', 'Mechelsesteenweg', 'Cogels-Osylei', 'Lange Gasthuisstraat'] },
  { region: 'FLANDERS', zip: '3000', name: 'Leuven', alias: { fr: 'Louvain' }, lat: 50.8798, lon: 4.7005, streets: ['Naamsestraat', 'Tiensevest', 'Brusselsestraat'] },
  { region: 'FLANDERS', zip: '8000', name: 'Brugge', alias: { fr: 'Bruges', en: 'Bruges' }, lat: 51.2093, lon: 3.2247, streets: ['Langestraat', 'Ezelstraat', 'Katelijnestraat'] },
  { region: 'FLANDERS', zip: '2800', name: 'Mechelen', alias: { fr: 'Malines' }, lat: 51.0259, lon: 4.4777, streets: ['Bruul', 'Hanswijkstraat', 'Adegemstraat'] },
  { region: 'FLANDERS', zip: '3500', name: 'Hasselt', alias: {}, lat: 50.9307, lon: 5.3325, streets: ['Kuringersteenweg', 'Thonissenlaan', 'Demerstraat'] },
  { region: 'FLANDERS', zip: '8500', name: 'Kortrijk', alias: { fr: 'Courtrai' }, lat: 50.828, lon: 3.2649, streets: ['Doorniksewijk', 'Sint-Janslaan'] },
  { region: 'FLANDERS', zip: '8400', name: 'Oostende', alias: { fr: 'Ostende', en: 'Ostend' }, lat: 51.2154, lon: 2.928, streets: ['Zeedijk', 'Kapucijnenstraat', 'Torhoutsesteenweg'] },
  { region: 'BRUSSELS', zip: '1000', name: 'Brussel', alias: { fr: 'Bruxelles', en: 'Brussels', de: 'Brüssel' }, lat: 50.8466, lon: 4.3528, streets: [{ nl: 'Zuidlaan', fr: 'Boulevard du Midi' }, { nl: 'Wolstraat', fr: 'Rue aux Laines' }, { nl: 'Kunstlaan', fr: 'Avenue des Arts' }] },
  { region: 'BRUSSELS', zip: '1050', name: 'Elsene', alias: { fr: 'Ixelles' }, lat: 50.8333, lon: 4.3667, streets: [{ nl: 'Louizalaan', fr: 'Avenue Louise' }, { nl: 'Vleurgatsesteenweg', fr: 'Chaussée de Vleurgat' }] },
  { region: 'BRUSSELS', zip: '1180', name: 'Ukkel', alias: { fr: 'Uccle' }, lat: 50.8, lon: 4.3372, streets: [{ nl: 'Brugmannlaan', fr: 'Avenue Brugmann' }, { nl: 'Winstonchurchilllaan', fr: 'Avenue Winston Churchill' }] },
  { region: 'BRUSSELS', zip: '1030', name: 'Schaarbeek', alias: { fr: 'Schaerbeek' }, lat: 50.8676, lon: 4.3737, streets: [{ nl: 'Lambermontlaan', fr: 'Boulevard Lambermont' }, { nl: 'Josaphatstraat', fr: 'Rue Josaphat' }] },
  { region: 'WALLONIA', zip: '5000', name: 'Namur', alias: { nl: 'Namen' }, lat: 50.4674, lon: 4.872, streets: ['Rue de Fer', 'Avenue de la Plante', 'Rue des Brasseurs'] },
  { region: 'WALLONIA', zip: '4000', name: 'Liège', alias: { nl: 'Luik', de: 'Lüttich' }, lat: 50.6326, lon: 5.5797, streets: ['Boulevard de la Sauvenière', 'Quai de Rome', 'Rue Saint-Gilles'] },
  { region: 'WALLONIA', zip: '7000', name: 'Mons', alias: { nl: 'Bergen' }, lat: 50.4542, lon: 3.9567, streets: ['Rue de Nimy', 'Avenue Reine Astrid'] },
  { region: 'WALLONIA', zip: '1300', name: 'Wavre', alias: { nl: 'Waver' }, lat: 50.7172, lon: 4.6014, streets: ['Chaussée de Bruxelles', 'Rue du Commerce'] },
  { region: 'WALLONIA', zip: '1400', name: 'Nivelles', alias: { nl: 'Nijvel' }, lat: 50.5976, lon: 4.3285, streets: ['Rue de Namur', 'Faubourg de Mons'] },
];

// --- vocabulary -------------------------------------------------------------------------------
const SUBTYPES = {
  HOUSE: ['DETACHED', 'SEMI_DETACHED', 'TERRACED_HOUSE', 'TOWNHOUSE', 'VILLA', 'BUNGALOW', 'FARMHOUSE', 'CASTLE', 'COTTAGE'],
  APARTMENT: ['FLAT', 'DUPLEX', 'PENTHOUSE', 'LOFT', 'STUDIO', 'STUDENT_ROOM', 'GROUND_FLOOR'],
  GARAGE: ['GARAGE_BOX', 'CARPORT', 'PARKING', 'INDOOR_PARKING'],
  PLOT: ['BUILDING_PLOT', 'WOOD', 'MEADOW', 'AGRICULTURAL_LAND'],
  COMMERCIAL: ['OFFICE', 'SHOP', 'HOTEL', 'RESTAURANT', 'WORKSHOP', 'WAREHOUSE'],
  PROJECT: ['NEW_BUILD_PROJECT', 'RESIDENTIAL_PROJECT'],
};
// Title wordings per head type, in four languages (a CRM with translations): one is drawn per listing.
const WORDINGS = {
  HOUSE: [
    { nl: 'Ruime woning', fr: 'Maison spacieuse', en: 'Spacious house', de: 'Geräumiges Haus' },
    { nl: 'Lichtrijke woning', fr: 'Maison lumineuse', en: 'Bright house', de: 'Helles Haus' },
    { nl: 'Gerenoveerde woning', fr: 'Maison rénovée', en: 'Renovated house', de: 'Renoviertes Haus' },
    { nl: 'Charmante woning', fr: 'Maison charmante', en: 'Charming house', de: 'Charmantes Haus' },
    { nl: 'Instapklare woning', fr: 'Maison prête à emménager', en: 'Move-in ready house', de: 'Bezugsfertiges Haus' },
  ],
  APARTMENT: [
    { nl: 'Ruim appartement', fr: 'Appartement spacieux', en: 'Spacious apartment', de: 'Geräumige Wohnung' },
    { nl: 'Lichtrijk appartement', fr: 'Appartement lumineux', en: 'Bright apartment', de: 'Helle Wohnung' },
    { nl: 'Gerenoveerd appartement', fr: 'Appartement rénové', en: 'Renovated apartment', de: 'Renovierte Wohnung' },
    { nl: 'Charmant appartement', fr: 'Appartement charmant', en: 'Charming apartment', de: 'Charmante Wohnung' },
    { nl: 'Instapklaar appartement', fr: 'Appartement prêt à emménager', en: 'Move-in ready apartment', de: 'Bezugsfertige Wohnung' },
  ],
  GARAGE: [
    { nl: 'Ruime garage', fr: 'Garage spacieux', en: 'Spacious garage', de: 'Geräumige Garage' },
    { nl: 'Vlot bereikbare garage', fr: "Garage facile d'accès", en: 'Easy-access garage', de: 'Gut erreichbare Garage' },
    { nl: 'Centraal gelegen garage', fr: 'Garage bien situé', en: 'Centrally located garage', de: 'Zentral gelegene Garage' },
    { nl: 'Praktische garage', fr: 'Garage pratique', en: 'Practical garage', de: 'Praktische Garage' },
    { nl: 'Veilige garage', fr: 'Garage sécurisé', en: 'Secure garage', de: 'Sichere Garage' },
  ],
  PLOT: [
    { nl: 'Ruim perceel', fr: 'Vaste terrain', en: 'Spacious plot', de: 'Großzügiges Grundstück' },
    { nl: 'Zonnig perceel', fr: 'Terrain ensoleillé', en: 'Sunny plot', de: 'Sonniges Grundstück' },
    { nl: 'Rustig gelegen perceel', fr: 'Terrain au calme', en: 'Quietly located plot', de: 'Ruhig gelegenes Grundstück' },
    { nl: 'Goed gelegen perceel', fr: 'Terrain bien situé', en: 'Well-located plot', de: 'Gut gelegenes Grundstück' },
    { nl: 'Vlak perceel', fr: 'Terrain plat', en: 'Level plot', de: 'Ebenes Grundstück' },
  ],
  COMMERCIAL: [
    { nl: 'Ruim handelspand', fr: 'Bien commercial spacieux', en: 'Spacious commercial property', de: 'Geräumige Gewerbeimmobilie' },
    { nl: 'Lichtrijk handelspand', fr: 'Bien commercial lumineux', en: 'Bright commercial property', de: 'Helle Gewerbeimmobilie' },
    { nl: 'Gerenoveerd handelspand', fr: 'Bien commercial rénové', en: 'Renovated commercial property', de: 'Renovierte Gewerbeimmobilie' },
    { nl: 'Goed zichtbaar handelspand', fr: 'Bien commercial bien visible', en: 'Highly visible commercial property', de: 'Gut sichtbare Gewerbeimmobilie' },
    { nl: 'Instapklaar handelspand', fr: "Bien commercial prêt à l'emploi", en: 'Ready-to-use commercial property', de: 'Bezugsfertige Gewerbeimmobilie' },
  ],
};
// Descriptions that fit the head type (no "living area" on a plot), in four languages; `p` is the place per language.
const DESCRIPTIONS = {
  HOUSE: (p) => ({
    nl: `<p>Deze woning in ${p.nl} combineert comfort met een uitstekende ligging, vlak bij winkels, scholen en openbaar vervoer.</p><p><strong>Indeling:</strong></p><ul><li>lichtrijke leefruimte</li><li>praktische keuken</li><li>ruime bergingsmogelijkheden</li></ul><p>Neem gerust contact op voor een bezoek.</p>`,
    fr: `<p>Cette maison à ${p.fr} allie confort et situation idéale, à proximité des commerces, des écoles et des transports en commun.</p><p><strong>Distribution :</strong></p><ul><li>séjour lumineux</li><li>cuisine pratique</li><li>nombreux rangements</li></ul><p>Contactez-nous pour une visite.</p>`,
    en: `<p>This house in ${p.en} combines comfort with an excellent location close to shops, schools and public transport.</p><p><strong>Layout:</strong></p><ul><li>bright living area</li><li>practical kitchen</li><li>plenty of storage space</li></ul><p>Contact us to arrange a viewing.</p>`,
    de: `<p>Dieses Haus in ${p.de} verbindet Komfort mit einer hervorragenden Lage nahe Geschäften, Schulen und öffentlichen Verkehrsmitteln.</p><p><strong>Aufteilung:</strong></p><ul><li>heller Wohnbereich</li><li>praktische Küche</li><li>viel Stauraum</li></ul><p>Kontaktieren Sie uns für eine Besichtigung.</p>`,
  }),
  APARTMENT: (p) => ({
    nl: `<p>Dit appartement in ${p.nl} combineert comfort met een uitstekende ligging, vlak bij winkels, scholen en openbaar vervoer.</p><p><strong>Indeling:</strong></p><ul><li>lichtrijke leefruimte</li><li>praktische keuken</li><li>terras</li></ul><p>Neem gerust contact op voor een bezoek.</p>`,
    fr: `<p>Cet appartement à ${p.fr} allie confort et situation idéale, à proximité des commerces, des écoles et des transports en commun.</p><p><strong>Distribution :</strong></p><ul><li>séjour lumineux</li><li>cuisine pratique</li><li>terrasse</li></ul><p>Contactez-nous pour une visite.</p>`,
    en: `<p>This apartment in ${p.en} combines comfort with an excellent location close to shops, schools and public transport.</p><p><strong>Layout:</strong></p><ul><li>bright living area</li><li>practical kitchen</li><li>terrace</li></ul><p>Contact us to arrange a viewing.</p>`,
    de: `<p>Diese Wohnung in ${p.de} verbindet Komfort mit einer hervorragenden Lage nahe Geschäften, Schulen und öffentlichen Verkehrsmitteln.</p><p><strong>Aufteilung:</strong></p><ul><li>heller Wohnbereich</li><li>praktische Küche</li><li>Terrasse</li></ul><p>Kontaktieren Sie uns für eine Besichtigung.</p>`,
  }),
  GARAGE: (p) => ({
    nl: `<p>Deze garage in ${p.nl} biedt een veilige en vlot bereikbare staanplaats, vlak bij het centrum.</p><ul><li>geschikt voor een personenwagen</li><li>ideaal als extra bergruimte</li></ul><p>Neem gerust contact op voor meer informatie.</p>`,
    fr: `<p>Ce garage à ${p.fr} offre un emplacement sûr et facile d'accès, à proximité du centre.</p><ul><li>convient pour une voiture</li><li>idéal comme espace de rangement supplémentaire</li></ul><p>Contactez-nous pour plus d'informations.</p>`,
    en: `<p>This garage in ${p.en} offers a secure, easily accessible parking space close to the centre.</p><ul><li>suitable for a car</li><li>ideal as extra storage space</li></ul><p>Contact us for more information.</p>`,
    de: `<p>Diese Garage in ${p.de} bietet einen sicheren, gut erreichbaren Stellplatz nahe dem Zentrum.</p><ul><li>geeignet für einen Pkw</li><li>ideal als zusätzlicher Stauraum</li></ul><p>Kontaktieren Sie uns für weitere Informationen.</p>`,
  }),
  PLOT: (p) => ({
    nl: `<p>Dit perceel in ${p.nl} ligt in een rustige omgeving en is vlot bereikbaar.</p><ul><li>goed gelegen en mooi georiënteerd</li><li>stedenbouwkundige voorschriften op aanvraag</li></ul><p>Neem gerust contact op voor een plaatsbezoek.</p>`,
    fr: `<p>Ce terrain à ${p.fr} se situe dans un environnement calme et facile d'accès.</p><ul><li>bien situé et bien orienté</li><li>prescriptions urbanistiques sur demande</li></ul><p>Contactez-nous pour une visite sur place.</p>`,
    en: `<p>This plot in ${p.en} lies in quiet surroundings and is easy to reach.</p><ul><li>well located and well oriented</li><li>planning regulations on request</li></ul><p>Contact us to visit the site.</p>`,
    de: `<p>Dieses Grundstück in ${p.de} liegt in ruhiger Umgebung und ist gut erreichbar.</p><ul><li>gut gelegen und gut ausgerichtet</li><li>Bauvorschriften auf Anfrage</li></ul><p>Kontaktieren Sie uns für eine Besichtigung vor Ort.</p>`,
  }),
  COMMERCIAL: (p) => ({
    nl: `<p>Dit handelspand in ${p.nl} ligt op een zichtbare locatie met veel passage, vlot bereikbaar met de wagen en het openbaar vervoer.</p><p><strong>Indeling:</strong></p><ul><li>ruime, flexibel in te delen ruimte</li><li>sanitair en kitchenette</li><li>opslagruimte</li></ul><p>Neem gerust contact op voor een bezoek.</p>`,
    fr: `<p>Ce bien commercial à ${p.fr} bénéficie d'un emplacement visible et passant, facile d'accès en voiture et en transports en commun.</p><p><strong>Distribution :</strong></p><ul><li>vaste espace modulable</li><li>sanitaires et kitchenette</li><li>espace de stockage</li></ul><p>Contactez-nous pour une visite.</p>`,
    en: `<p>This commercial property in ${p.en} enjoys a visible location with plenty of passing trade, easy to reach by car and public transport.</p><p><strong>Layout:</strong></p><ul><li>spacious, flexible floor space</li><li>toilets and kitchenette</li><li>storage space</li></ul><p>Contact us to arrange a viewing.</p>`,
    de: `<p>Diese Gewerbeimmobilie in ${p.de} liegt gut sichtbar in einer belebten Lage und ist mit dem Auto und mit öffentlichen Verkehrsmitteln gut erreichbar.</p><p><strong>Aufteilung:</strong></p><ul><li>großzügige, flexibel aufteilbare Fläche</li><li>Sanitäranlagen und Kochnische</li><li>Lagerraum</li></ul><p>Kontaktieren Sie uns für eine Besichtigung.</p>`,
  }),
};
const HEATING = ['GAS', 'OIL', 'ELECTRICITY', 'HEAT_ACCUMULATION', 'PELLET', 'WOOD', 'GAS_HEATERS', 'PROPANE_GAS', 'CENTRAL_VENTILATION', 'COAL'];
const KITCHEN = ['EQUIPPED', 'SEMI_EQUIPPED', 'HYPER_EQUIPPED', 'AMERICAN_EQUIPPED', 'AMERICAN_HYPER_EQUIPPED', 'NOT_EQUIPPED', 'AMERICAN_SEMI_EQUIPPED'];
const CONDITION = ['TO_RENOVATE', 'TO_FRESHEN_UP', 'GOOD_CONDITION', 'EXCELLENT_CONDITION', 'RENEWED', 'NEW'];
const PLANNING = ['UNKNOWN', 'NO', 'YES', 'PENDING', 'BEFORE_1962'];
const ZONES = ['WG', 'WGL', 'AG', 'WUG', 'GWG', 'IGB', 'WP', 'NI'];
const FLOODING = ['A', 'B', 'C', 'D'];
const PHOTO_SETS = {
  HOUSE: ['house-01', 'house-02', 'house-03', 'house-04', 'living-01', 'kitchen-01', 'bedroom-01', 'bathroom-01', 'garden-01'],
  APARTMENT: ['apartment-01', 'apartment-02', 'living-02', 'kitchen-02', 'bedroom-02', 'bathroom-01', 'terrace-01'],
  GARAGE: ['garage-01', 'garage-02', 'garage-03'],
  PLOT: ['plot-01', 'plot-02', 'garden-01'],
  COMMERCIAL: ['office-01', 'office-02', 'shop-01'],
  PROJECT: ['project-01', 'project-02', 'apartment-01', 'living-02', 'terrace-01'],
};
const REPS = [
  { person_id: 301, first_name: 'Sofie', last_name: 'Peeters', email: 'sofie.peeters@immo.example', phone: '+32 9 123 45 67', mobile_phone: '+32 475 12 34 56', photo_url: 'https://cdn.source-a.example/1042/rep-01.jpg', description: { nl: 'Uw aanspreekpunt voor Gent en omgeving.', fr: 'Votre interlocutrice pour Gand et environs.', en: 'Your contact for Ghent and the surrounding area.', de: 'Ihre Ansprechpartnerin für Gent und Umgebung.' } },
  { person_id: 302, first_name: 'Thomas', last_name: 'Dubois', email: 'thomas.dubois@immo.example', phone: '+32 2 555 01 02', mobile_phone: '+32 486 98 76 54', photo_url: 'https://cdn.source-a.example/1042/rep-02.jpg', description: { fr: 'Spécialiste de Bruxelles et du Brabant wallon.', nl: 'Specialist in Brussel en Waals-Brabant.', en: 'Specialist in Brussels and Walloon Brabant.', de: 'Spezialist für Brüssel und Wallonisch-Brabant.' } },
  { person_id: 303, first_name: 'Lotte', last_name: 'Janssens', email: 'lotte.janssens@immo.example', phone: null, mobile_phone: '+32 497 11 22 33', photo_url: null, description: {} },
];

function street(city) {
  const value = pick(city.streets);
  return typeof value === 'string' ? { nl: value } : value;
}

/** The city's name per language (its alias where it has one). */
function place(city) {
  return { nl: city.alias.nl ?? city.name, fr: city.alias.fr ?? city.name, en: city.alias.en ?? city.name, de: city.alias.de ?? city.name };
}

/** Title and description in four languages, fitting the head type; `wording` is the random draw choosing the title. */
function withTexts(spec) {
  const wordings = WORDINGS[spec.headType];
  const words = wordings[Math.floor(spec.wording * wordings.length)];
  const p = place(spec.city);
  return {
    ...spec,
    title: { nl: `${words.nl} in ${p.nl}`, fr: `${words.fr} à ${p.fr}`, en: `${words.en} in ${p.en}`, de: `${words.de} in ${p.de}` },
    description: DESCRIPTIONS[spec.headType](p),
  };
}

function layout(headType, bedrooms, bathrooms, withCustom) {
  if (headType === 'GARAGE' || headType === 'PLOT') return [];
  const rooms = [
    { room_type_id: 2, count: 1, surface: between(28, 60), floor: 0, sort: 1 },
    { room_type_id: 3, count: 1, surface: between(9, 20), floor: 0, sort: 2 },
    { room_type_id: 16, count: 1, surface: null, floor: 0, sort: 3 },
    { room_type_id: 1, count: bedrooms, surface: between(10, 18), floor: headType === 'APARTMENT' ? 0 : 1, sort: 4 },
    { room_type_id: 5, count: bathrooms, surface: between(5, 12), floor: headType === 'APARTMENT' ? 0 : 1, sort: 5, comment: { nl: 'met inloopdouche', fr: 'avec douche à l’italienne', en: 'with walk-in shower', de: 'mit bodengleicher Dusche' } },
  ];
  if (headType === 'HOUSE') rooms.push({ room_type_id: 9, count: 1, surface: between(12, 40), floor: -1, sort: 6 }, { room_type_id: 6, count: 1, surface: between(18, 36), floor: 0, sort: 7 });
  if (headType === 'APARTMENT') rooms.push({ room_type_id: 10, count: 1, surface: between(6, 30), floor: 0, sort: 6 }, { room_type_id: 14, count: 1, surface: null, floor: -1, sort: 7 });
  if (withCustom) {
    rooms.push({ room_type_id: 0, custom_index: 1, custom_name: { nl: 'Wijnkelder', fr: 'Cave à vin', en: 'Wine cellar', de: 'Weinkeller' }, count: 1, surface: 14, floor: -1, sort: 8 });
    rooms.push({ room_type_id: 0, custom_index: 2, custom_name: { nl: 'Fitnessruimte', fr: 'Salle de fitness', en: 'Gym', de: 'Fitnessraum' }, count: 1, surface: 22, floor: 2, sort: 9 });
  }
  return rooms;
}

// --- the catalogue, as neutral specs ----------------------------------------------------------
// Status names per source id (see src/estates/sources/source-*/source-*.status.ts).
const A_STATUS_ID = { FOR_SALE: 1, TO_RENT: 2, SOLD: 5, RENTED: 6, TAKE_OVER: 7, TAKEN_OVER: 9 };
const B_STATUS_ID = { SOLD: 1, TO_RENT: 2, FOR_SALE: 3, RENTED: 4, TAKE_OVER: 5, TAKEN_OVER: 7 };

const STATUS_CYCLE = ['FOR_SALE', 'FOR_SALE', 'TO_RENT', 'FOR_SALE', 'SOLD', 'TO_RENT', 'RENTED', 'TAKE_OVER', 'FOR_SALE', 'TAKEN_OVER'];
const TYPE_CYCLE = ['HOUSE', 'APARTMENT', 'HOUSE', 'APARTMENT', 'COMMERCIAL', 'PLOT', 'GARAGE', 'HOUSE', 'APARTMENT'];

function priceFor(headType, status, city) {
  const rent = status === 'TO_RENT' || status === 'RENTED';
  const brussels = city.region === 'BRUSSELS' ? 1.25 : city.region === 'WALLONIA' ? 0.8 : 1;
  const base = { HOUSE: [280000, 780000], APARTMENT: [180000, 450000], GARAGE: [18000, 45000], PLOT: [90000, 320000], COMMERCIAL: [220000, 950000] }[headType];
  const rentBase = { HOUSE: [1100, 2400], APARTMENT: [750, 1600], GARAGE: [70, 140], PLOT: [300, 900], COMMERCIAL: [1200, 4800] }[headType];
  const [low, high] = rent ? rentBase : base;
  const raw = between(low, high) * brussels;
  return rent ? Math.round(raw / 10) * 10 : Math.round(raw / 5000) * 5000;
}

function makeSpec(index, source) {
  const headType = TYPE_CYCLE[index % TYPE_CYCLE.length];
  const status = STATUS_CYCLE[(index * 3 + (source === 'B' ? 1 : 0)) % STATUS_CYCLE.length];
  const city = CITIES[(index * 5 + (source === 'B' ? 3 : 0)) % CITIES.length];
  const subtype = pick(SUBTYPES[headType]);
  const habitable = headType === 'HOUSE' || headType === 'APARTMENT';
  const bedrooms = habitable ? (subtype === 'STUDIO' || subtype === 'STUDENT_ROOM' ? 0 : between(1, headType === 'HOUSE' ? 5 : 3)) : null;
  const bathrooms = habitable ? between(1, 2) : null;
  const price = priceFor(headType, status, city);
  const streetName = street(city);
  const epc = habitable || headType === 'COMMERCIAL' ? between(45, 820) : null;
  return withTexts({
    index,
    headType,
    subtype,
    status,
    city,
    street: streetName,
    number: String(between(1, 180)),
    box: headType === 'APARTMENT' ? String(between(1, 12)) : null,
    lat: city.lat + (random() - 0.5) * 0.03,
    lon: city.lon + (random() - 0.5) * 0.04,
    withCoordinates: index % 9 !== 4,
    addressVisible: index % 8 !== 6,
    priceVisible: index % 11 !== 7,
    price,
    rent: status === 'TO_RENT' || status === 'RENTED',
    bedrooms,
    bathrooms,
    // Drawn here, where the title used to be drawn, so the draws after it (and every id, price and place) stay the same.
    wording: random(),
    condition: pick(CONDITION),
    heating: habitable || headType === 'COMMERCIAL' ? pick(HEATING) : null,
    kitchen: habitable ? pick(KITCHEN) : null,
    epc,
    // The label follows the value, as on a Flemish EPC certificate.
    energyLabel: epc === null ? null : epc <= 100 ? 'A' : epc <= 200 ? 'B' : epc <= 300 ? 'C' : epc <= 400 ? 'D' : epc <= 500 ? 'E' : epc <= 600 ? 'F' : 'G',
    constructionYear: headType === 'PLOT' ? null : between(1890, 2024),
    areaBuild: habitable ? between(55, 320) : headType === 'COMMERCIAL' ? between(80, 1200) : headType === 'GARAGE' ? between(12, 30) : null,
    areaGround: headType === 'HOUSE' || headType === 'PLOT' ? between(180, 4500) : null,
    floodingBuilding: pick(FLOODING),
    floodingParcel: pick(FLOODING),
    planningAnswer: () => pick(PLANNING),
    zone: pick(ZONES),
    rep: REPS[index % REPS.length],
    photos: PHOTO_SETS[headType].slice(0, Math.max(3, PHOTO_SETS[headType].length - (index % 3))),
    sticker: index % 10 === 2 ? { id: 1, name: { nl: 'Nieuw', fr: 'Nouveau', en: 'New', de: 'Neu' }, color: '#d81b60', colorText: '#ffffff' } : index % 10 === 5 ? { id: 2, name: { nl: 'Open huis', fr: 'Portes ouvertes', en: 'Open house', de: 'Tag der offenen Tür' }, color: '#FFFFFF', colorText: '#000000' } : null,
    virtualVisit: index % 6 === 1,
    otherVideo: index % 12 === 3,
    files: index % 3 === 0,
    extraFields: index % 5 === 0,
    buildTechnicals: index % 7 === 2,
    customRooms: index % 6 === 0,
    sharedEnergy: headType === 'APARTMENT' && index % 2 === 1,
    updatedAt: new Date(Date.UTC(2026, 9, 1 + (index % 28), 8 + (index % 9))).toISOString(),
  });
}

// --- source A format --------------------------------------------------------------------------
const A_ACCOUNT = 1042;
// The demo's documents (fixtures/documents, served by the site under /assets/demo-documents/): the brochure listed
// before the floor plan, as a CRM may list them, so the page's own order (plans first) shows.
const aFiles = (headType) => [
  { type_id: 'BROCHURE', url: `https://cdn.source-a.example/${A_ACCOUNT}/docs/brochure-v1.pdf` },
  {
    type_id: 'FLOOR_PLAN',
    url: `https://cdn.source-a.example/${A_ACCOUNT}/docs/${headType === 'APARTMENT' ? 'floor-plan-apartment-v1.png' : 'floor-plan-house-v1.pdf'}`,
    reference: { nl: 'Grondplan', fr: 'Plan', en: 'Floor plan', de: 'Grundriss' },
  },
  ...(headType === 'PROJECT' ? [{ type_id: 'SPECIFICATIONS', url: `https://cdn.source-a.example/${A_ACCOUNT}/docs/specifications-v1.pdf` }] : []),
];
const aPhoto = (name, index) => ({
  type_id: 1,
  url: `https://cdn.source-a.example/${A_ACCOUNT}/${name}.jpg`,
  url_thumbnail: `https://cdn.source-a.example/${A_ACCOUNT}/thumbs/${name}.jpg`,
  index,
  comment: index === 0 ? { nl: 'Vooraanzicht', fr: 'Façade', en: 'Front view', de: 'Vorderansicht' } : undefined,
});

function toSourceA(spec, id, extra = {}) {
  const rent = spec.rent;
  const planning = spec.city.region !== 'WALLONIA' || spec.index % 2 === 0;
  return {
    property_id: id,
    publish: true,
    show: true,
    archived: false,
    deleted: false,
    is_project: false,
    parent_property_id: null,
    title: spec.title,
    description: spec.description,
    short_description: spec.title,
    head_type: spec.headType,
    sub_type: spec.subtype,
    transaction_status_id: A_STATUS_ID[spec.status],
    address: {
      street: spec.street.nl,
      street_translated: spec.street.fr ? { fr: spec.street.fr } : undefined,
      number: spec.number,
      box: spec.box,
      address_visible: spec.addressVisible,
      latitude: spec.withCoordinates ? Number(spec.lat.toFixed(6)) : null,
      longitude: spec.withCoordinates ? Number(spec.lon.toFixed(6)) : null,
      geo_precision: spec.withCoordinates ? 3 : 0,
      region: spec.city.region,
      country_code: 'BE',
      city_geo: { city_id: Number(spec.city.zip), zip: spec.city.zip, city: spec.city.name, city_translated: spec.city.alias, latitude: spec.city.lat, longitude: spec.city.lon },
    },
    reference: `A-${id}`,
    floor: spec.headType === 'APARTMENT' ? between(0, 6) : null,
    sticker: spec.sticker ? { id: spec.sticker.id, name: spec.sticker.name, color: spec.sticker.color, color_text: spec.sticker.colorText } : null,
    pets_allowed: rent ? chance(0.5) : null,
    asbestos_inventory: spec.constructionYear && spec.constructionYear < 2001 && !rent ? pick(['YES', 'NO', '']) : null,
    architect: spec.index % 13 === 0 ? 'Architectenbureau De Smet' : null,
    price: spec.price,
    price_visible: spec.priceVisible,
    price_total: spec.index % 4 === 0 ? spec.price : null,
    construction_value: spec.index % 6 === 0 && !rent ? Math.round(spec.price * 0.6) : null,
    rent_period: rent ? 'MONTH' : null,
    deposit: rent ? spec.price * 3 : null,
    monthly_cost: spec.headType === 'APARTMENT' ? between(40, 180) : null,
    vat_regime: false,
    registration_percent: rent ? null : spec.city.region === 'FLANDERS' ? 3 : 12.5,
    notary_document_salary: rent ? null : Math.round(spec.price * 0.011),
    notary_total: rent ? null : Math.round(spec.price * 0.045),
    bedrooms: spec.bedrooms,
    bathrooms: spec.bathrooms,
    building_license_ynu: planning ? spec.planningAnswer() : null,
    allocation_license_ynu: planning ? spec.planningAnswer() : null,
    presale_right_ynu: planning ? spec.planningAnswer() : null,
    certificate_as_built_ynu: planning ? spec.planningAnswer() : null,
    heritage_protected_ynu: planning ? spec.planningAnswer() : null,
    heritage_inventoried_ynu: planning ? spec.planningAnswer() : null,
    renovation_obligation_id: spec.city.region === 'FLANDERS' && !rent ? spec.planningAnswer() : null,
    planned_permission_ynu: planning ? spec.planningAnswer() : null,
    subdivision_permit_ynu: planning ? spec.planningAnswer() : null,
    proceeding_ynu: planning ? 'NO' : null,
    summons_ynu: planning ? 'NO' : null,
    recent_destination: planning ? spec.zone : null,
    flooding_area: spec.city.region === 'WALLONIA' ? null : pick(['NO', 'YES', 'UNKNOWN']),
    flooding_building_score: spec.city.region === 'FLANDERS' ? spec.floodingBuilding : null,
    flooding_parcel_score: spec.city.region === 'FLANDERS' ? spec.floodingParcel : null,
    construction_year: spec.constructionYear,
    renovation_year: spec.condition === 'RENEWED' ? between(2015, 2025) : null,
    construction_type: spec.headType === 'HOUSE' ? pick(['OPEN', 'HALF_OPEN', 'CLOSED']) : null,
    condition: spec.headType === 'PLOT' ? null : spec.condition,
    new_building: spec.condition === 'NEW' ? true : null,
    free_on: pick(['IMMEDIATE', 'DEED', 'AFTER_NOTICE_PERIOD', 'TBD', 'UNKNWON']),
    furnished: rent ? chance(0.3) : null,
    garden_orientation: spec.headType === 'HOUSE' ? pick(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']) : null,
    certificate_conformity: spec.index % 5 === 1 ? true : null,
    certificate_conformity_conform: spec.index % 5 === 1 ? 'VALID' : null,
    certificate_electricity: spec.headType === 'PLOT' ? null : pick(['OBTAINED', 'NOT_OBTAINED', 'UNKNOWN']),
    certificate_electricity_conform: spec.headType === 'PLOT' ? null : pick(['VALID', 'INVALID']),
    elevator: spec.headType === 'APARTMENT' ? chance(0.6) : null,
    heating: spec.heating,
    common_heating: spec.headType === 'APARTMENT' ? pick(['COMMON', 'INDIVIDUAL']) : null,
    kitchen_type: spec.kitchen,
    bathroom_type: spec.kitchen ? 'EQUIPPED' : null,
    window_glazing: spec.headType === 'PLOT' || spec.headType === 'GARAGE' ? null : pick(['DOUBLE', 'TRIPLE', 'SINGLE']),
    window_glazing_text: spec.index % 4 === 2 ? { nl: 'hoogrendementsglas', fr: 'vitrage super isolant', en: 'high-performance glass', de: 'Wärmeschutzglas' } : null,
    carpentry: spec.headType === 'PLOT' ? null : pick(['WOOD', 'ALUMINUM', 'PLASTIC']),
    roof_type: spec.headType === 'HOUSE' ? pick(['SADDLEBACK', 'FLAT', 'HIPPED', 'KERB', 'LEAN_TO']) : null,
    luxury_level: spec.headType === 'PLOT' || spec.headType === 'GARAGE' ? null : pick(['MODEST', 'AVERAGE', 'LUXURIOUS']),
    garden: spec.headType === 'HOUSE' ? pick(['NOT_CONSTRUCTED', 'ONLY_LAWN', 'FULLY_LANDSCAPED']) : null,
    garden_text: spec.headType === 'HOUSE' && spec.index % 2 === 0 ? { nl: 'zuidgericht met terras', fr: 'orienté sud avec terrasse', en: 'south-facing with terrace', de: 'nach Süden ausgerichtet, mit Terrasse' } : null,
    garden_surface: spec.headType === 'HOUSE' ? between(60, 1500) : null,
    terrace_surface: spec.headType === 'APARTMENT' ? between(6, 30) : null,
    environment: pick(['TOWN', 'RESIDENTIAL', 'COUNTRYSIDE', 'VILLAGE', 'SUBURBAN_AREA', 'SEA_BEACH_DUNE']),
    destination: spec.headType === 'APARTMENT' && spec.city.name === 'Oostende' ? 'VACATION_RESIDENCE' : null,
    meter_type: spec.headType === 'PLOT' ? null : pick(['DAY_NIGHT', 'SINGLE', 'DIGITAL']),
    solar_panels: spec.headType === 'HOUSE' ? chance(0.4) : null,
    alarm: spec.headType === 'HOUSE' ? chance(0.3) : null,
    swimming_pool: spec.subtype === 'VILLA' ? true : null,
    epc_value: spec.epc,
    epc_value_total: spec.epc && spec.areaBuild ? spec.epc * spec.areaBuild : null,
    epc_reference: spec.epc ? `2025${String(spec.index).padStart(4, '0')}-0001234-00000${id}` : null,
    energy_label: spec.energyLabel,
    e_level: spec.condition === 'NEW' ? between(20, 60) : null,
    co2: spec.epc ? Math.round(spec.epc * 0.2) : null,
    epc_value_shared: spec.sharedEnergy ? between(90, 260) : null,
    energy_label_shared: spec.sharedEnergy ? pick(['B', 'C', 'D']) : null,
    area_ground: spec.areaGround,
    area_build: spec.areaBuild,
    width_ground: spec.areaGround ? between(8, 40) : null,
    depth_ground: spec.areaGround ? between(20, 90) : null,
    width_house: spec.headType === 'HOUSE' ? between(6, 14) : null,
    comment_area: spec.index % 9 === 0 && spec.areaGround ? { nl: 'volgens kadastraal plan', fr: 'selon plan cadastral', en: 'according to the cadastral plan', de: 'laut Katasterplan' } : null,
    indexed_ki: spec.rent || spec.headType === 'PLOT' ? null : between(600, 2800),
    non_indexed_ki: spec.rent || spec.headType === 'PLOT' ? null : between(400, 1600),
    responsible_salesrep_person_id: spec.rep.person_id,
    photos: spec.photos.map(aPhoto),
    videos: [
      ...(spec.virtualVisit ? [{ type_id: 2, url: `https://tour.immo.example/visit/${id}` }] : []),
      ...(spec.otherVideo ? [{ type_id: 1, url: `https://video.immo.example/watch/${id}` }] : []),
    ],
    files: spec.files ? aFiles(spec.headType) : [],
    layout: layout(spec.headType, spec.bedrooms, spec.bathrooms, spec.customRooms),
    extra_fields: spec.extraFields
      ? [
          { autoid: 1, type: 'TEXT', name: { nl: 'Parking', fr: 'Parking', en: 'Parking', de: 'Parken' }, values: { nl: 'Twee staanplaatsen', fr: 'Deux emplacements', en: 'Two parking spaces', de: 'Zwei Stellplätze' } },
          { autoid: 2, type: 'BIGTEXT', name: { nl: 'Buurt', fr: 'Quartier', en: 'Neighbourhood', de: 'Wohnviertel' }, values: { nl: 'Rustige woonwijk met veel groen.', fr: 'Quartier résidentiel calme et verdoyant.', en: 'Quiet, green residential area.', de: 'Ruhiges, grünes Wohnviertel.' } },
          { autoid: 3, type: 'NUMBER', name: { nl: 'Afstand tot station (m)', fr: 'Distance de la gare (m)', en: 'Distance to the station (m)', de: 'Entfernung zum Bahnhof (m)' }, value: String(between(300, 2500)) },
          { autoid: 4, type: 'BOOLEAN', name: { nl: 'Laadpaal', fr: 'Borne de recharge', en: 'EV charging point', de: 'Ladestation für Elektroautos' }, value: 'true' },
          { autoid: 5, type: 'DATE', name: { nl: 'Beschikbaar vanaf', fr: 'Disponible à partir du', en: 'Available from', de: 'Verfügbar ab' }, value: '2027-01-15' },
        ]
      : [],
    facilities: spec.headType === 'HOUSE' || spec.headType === 'APARTMENT' ? ['FIBER_INTERNET', ...(chance(0.5) ? ['BICYCLE_STORAGE'] : [])] : [],
    build_technicals: spec.buildTechnicals
      ? [
          { criteria: { nl: 'Dakisolatie', fr: 'Isolation de toiture', en: 'Roof insulation', de: 'Dachdämmung' }, value: { nl: '22 cm PUR', fr: '22 cm PUR', en: '22 cm PUR', de: '22 cm PUR' }, comment: { nl: 'vernieuwd in 2021', fr: 'renouvelée en 2021', en: 'renewed in 2021', de: '2021 erneuert' } },
          { criteria: { nl: 'Ventilatie', fr: 'Ventilation', en: 'Ventilation', de: 'Lüftung' }, value: { nl: 'Systeem D', fr: 'Système D', en: 'System D (balanced mechanical ventilation)', de: 'System D (kontrollierte Wohnraumlüftung)' } },
        ]
      : [],
    updated_at: spec.updatedAt,
    ...extra,
  };
}

// --- source B format --------------------------------------------------------------------------
const B_ACCOUNT = 2077;
const guid = (n) => {
  const hex = (n * 2654435761 >>> 0).toString(16).padStart(8, '0');
  return `${hex}-${String(n).padStart(4, '0')}-4${hex.slice(0, 3)}-8${hex.slice(3, 6)}-${hex}${String(n).padStart(4, '0')}`;
};
const bPicture = (name, index) => ({ file: `https://cdn.source-b.example/${B_ACCOUNT}/${name}.jpg`, thumbnail: `https://cdn.source-b.example/${B_ACCOUNT}/thumbs/${name}.jpg`, index });

function toSourceB(spec, id, extra = {}) {
  const a = toSourceA(spec, id);
  return {
    id,
    guid: guid(id),
    published: true,
    isProject: false,
    title: spec.title,
    description: spec.description,
    shortDescription: a.short_description,
    headType: spec.headType,
    subType: spec.subtype,
    transaction: { statusId: B_STATUS_ID[spec.status] },
    address: {
      street: spec.street,
      number: spec.number,
      box: spec.box,
      city: { id: Number(spec.city.zip), zip: spec.city.zip, name: spec.city.name, alias: spec.city.alias, lat: spec.city.lat, lon: spec.city.lon },
      region: spec.city.region,
      country: 'BE',
      visible: spec.addressVisible,
      geoLocation: spec.withCoordinates ? { lat: a.address.latitude, lon: a.address.longitude } : null,
      geoPrecision: a.address.geo_precision,
    },
    reference: `B-${id}`,
    floor: a.floor,
    sticker: spec.sticker,
    petsAllowed: a.pets_allowed,
    asbestosInventory: a.asbestos_inventory,
    price: { value: spec.price, visible: spec.priceVisible, totalPrice: a.price_total, constructionValue: a.construction_value, deposit: a.deposit, period: a.rent_period, vatRegime: false },
    registrationPercent: a.registration_percent,
    notarySalery: a.notary_document_salary,
    notaryTotal: a.notary_total,
    bedrooms: spec.bedrooms,
    bathrooms: spec.bathrooms,
    planning: {
      buildingLicense: a.building_license_ynu, allocationLicense: a.allocation_license_ynu, presaleRight: a.presale_right_ynu,
      certificateAsBuilt: a.certificate_as_built_ynu, heritageProtected: a.heritage_protected_ynu, heritageInventoried: a.heritage_inventoried_ynu,
      renovationObligation: a.renovation_obligation_id, plannedPermission: a.planned_permission_ynu, subdivisionPermit: a.subdivision_permit_ynu,
      proceeding: a.proceeding_ynu, summons: a.summons_ynu, recentDestination: a.recent_destination, floodingArea: a.flooding_area,
      floodingScoreBuilding: a.flooding_building_score, floodingScoreParcel: a.flooding_parcel_score,
    },
    technical: {
      constructionYear: a.construction_year, renovationYear: a.renovation_year, buildingType: a.construction_type, condition: a.condition,
      newBuilding: a.new_building, available: a.free_on, furniture: a.furnished, petsAllowed: a.pets_allowed, monthlyCost: a.monthly_cost,
      directionGarden: a.garden_orientation, certificateConformity: a.certificate_conformity, certificateConformityConform: a.certificate_conformity_conform,
      certificateElectricity: a.certificate_electricity, certificateElectricityConform: a.certificate_electricity_conform, elevator: a.elevator,
    },
    comfort: {
      heating: a.heating, commonHeating: a.common_heating, kitchenType: a.kitchen_type, bathroomType: a.bathroom_type, windowGlazing: a.window_glazing,
      windowGlazingText: a.window_glazing_text, carpentry: a.carpentry, roofType: a.roof_type, luxuryLevel: a.luxury_level, garden: a.garden,
      gardenText: a.garden_text, gardenSurface: a.garden_surface, terraceSurface: a.terrace_surface, environment: a.environment,
      meterType: a.meter_type, solarPanels: a.solar_panels, alarm: a.alarm, swimmingPool: a.swimming_pool,
    },
    energy: { epcValue: a.epc_value, epcValueTotal: a.epc_value_total, epcReference: a.epc_reference, energyLabel: a.energy_label, eLevel: a.e_level, co2: a.co2 },
    sharedEnergy: spec.sharedEnergy ? { epcValue: a.epc_value_shared, energyLabel: a.energy_label_shared } : null,
    dimensions: { areaGround: a.area_ground, areaBuild: a.area_build, widthGround: a.width_ground, depthGround: a.depth_ground, widthHouse: a.width_house, commentArea: a.comment_area },
    ki: { indexed: a.indexed_ki, nonIndexed: a.non_indexed_ki },
    salesRep: { firstname: spec.rep.first_name, lastname: spec.rep.last_name, phone: spec.rep.phone, mobile: spec.rep.mobile_phone, email: spec.rep.email, picture: spec.rep.photo_url?.replace('source-a', 'source-b').replace(`/${A_ACCOUNT}/`, `/${B_ACCOUNT}/`) ?? null, description: spec.rep.description },
    pictures: spec.photos.map(bPicture),
    layoutRooms: a.layout.map((room) => ({ typeId: room.room_type_id, count: room.count, surface: room.surface, comment: room.comment, floor: room.floor, sort: room.sort, customIndex: room.custom_index, customName: room.custom_name })),
    videos: a.videos.map((video) => ({ typeId: video.type_id, link: video.url })),
    files: a.files.map((file) => ({ type: file.type_id, link: file.url.replace('source-a', 'source-b'), comment: file.reference })),
    extraFields: a.extra_fields,
    facilities: a.facilities,
    buildTechnicals: a.build_technicals,
    updatedAt: spec.updatedAt,
    ...extra,
  };
}

// --- projects -----------------------------------------------------------------------------------
function projectSpec(index, source, name, cityIndex, units) {
  const city = CITIES[cityIndex];
  const spec = makeSpec(index, source);
  return {
    ...spec,
    headType: 'PROJECT',
    subtype: 'NEW_BUILD_PROJECT',
    status: 'FOR_SALE',
    city,
    street: street(city),
    lat: city.lat + 0.004,
    lon: city.lon - 0.006,
    withCoordinates: true,
    addressVisible: true,
    priceVisible: true,
    title: { nl: `Residentie "${name}"`, fr: `Résidence « ${name} »`, en: `${name} Residence`, de: `Residenz "${name}"` },
    description: {
      nl: `<p>Nieuwbouwproject <strong>${name}</strong> met ${units} energiezuinige appartementen, afgewerkt met duurzame materialen.</p><p>Verkoop onder btw-regime: registratierechten enkel op de grond.</p>`,
      fr: `<p>Le projet neuf <strong>${name}</strong> compte ${units} appartements basse énergie aux finitions durables.</p><p>Vente sous régime TVA : droits d'enregistrement uniquement sur le terrain.</p>`,
      en: `<p>The new-build project <strong>${name}</strong> has ${units} energy-efficient apartments finished with sustainable materials.</p><p>Sold under the VAT regime: registration duties on the land only.</p>`,
      de: `<p>Das Neubauprojekt <strong>${name}</strong> umfasst ${units} energieeffiziente Wohnungen mit nachhaltiger Ausstattung.</p><p>Verkauf unter Mehrwertsteuerregelung: Registrierungsgebühren nur auf das Grundstück.</p>`,
    },
    condition: 'NEW',
    constructionYear: 2026,
    price: null,
    areaBuild: null,
    areaGround: between(1500, 4000),
    energyLabel: 'A+',
    epc: between(20, 60),
    bedrooms: null,
    bathrooms: null,
    photos: PHOTO_SETS.PROJECT,
    virtualVisit: true,
    files: true,
    buildTechnicals: true,
    sticker: { id: 1, name: { nl: 'Nieuwbouw', fr: 'Neuf', en: 'New build', de: 'Neubau' }, color: '#0b5a6b', colorText: '#ffffff' },
  };
}

function unitSpec(project, unitIndex, statusCycle) {
  const bedrooms = 1 + (unitIndex % 3);
  return {
    ...project,
    headType: 'APARTMENT',
    subtype: unitIndex % 4 === 3 ? 'PENTHOUSE' : 'FLAT',
    status: statusCycle[unitIndex % statusCycle.length],
    title: { nl: `Appartement ${unitIndex + 1}.0${bedrooms}`, fr: `Appartement ${unitIndex + 1}.0${bedrooms}`, en: `Apartment ${unitIndex + 1}.0${bedrooms}`, de: `Wohnung ${unitIndex + 1}.0${bedrooms}` },
    bedrooms,
    bathrooms: 1,
    box: `${unitIndex + 1}.0${bedrooms}`,
    price: 235000 + bedrooms * 65000 + unitIndex * 5000,
    rent: false,
    areaBuild: 62 + bedrooms * 22,
    areaGround: null,
    constructionYear: 2026,
    photos: ['apartment-01', 'living-02', 'bedroom-02', 'terrace-01'],
    sticker: null,
    virtualVisit: false,
    sharedEnergy: true,
    customRooms: false,
  };
}

// --- build ------------------------------------------------------------------------------------
const sourceA = [];
let aId = 1000;
for (let i = 0; i < 40; i++) {
  const spec = makeSpec(i, 'A');
  sourceA.push(toSourceA(spec, ++aId));
}
// A VAT-regime new-build house, and a listing with a plain-text description.
sourceA.push(toSourceA(withTexts({ ...makeSpec(41, 'A'), headType: 'HOUSE', subtype: 'DETACHED', condition: 'NEW', status: 'FOR_SALE' }), ++aId, { vat_regime: true, new_building: true }));
sourceA.push(toSourceA(makeSpec(42, 'A'), ++aId, {
  description: {
    nl: 'Garage op een rustige ligging.\n\nVlak bij het centrum.',
    fr: 'Garage situé au calme.\n\nTout près du centre.',
    en: 'Garage in a quiet location.\n\nClose to the centre.',
    de: 'Ruhig gelegene Garage.\n\nGanz in der Nähe des Zentrums.',
  },
}));

// Projects in source A with their units.
for (const [name, cityIndex, statuses] of [
  ['De Linde', 0, ['FOR_SALE', 'FOR_SALE', 'SOLD', 'FOR_SALE']],
  ['Les Jardins de Meuse', 12, ['FOR_SALE', 'SOLD', 'FOR_SALE']],
]) {
  const projectId = ++aId;
  const units = statuses.map(() => ++aId);
  const project = projectSpec(60 + projectId % 7, 'A', name, cityIndex, units.length);
  sourceA.push(toSourceA(project, projectId, { is_project: true, child_properties: units, price: null, price_from: 255000, vat_regime: true, bedrooms: null, window_glazing: 'TRIPLE', heating: 'HEAT_ACCUMULATION', kitchen_type: null, bathroom_type: null }));
  units.forEach((unitId, unitIndex) => {
    sourceA.push(toSourceA(unitSpec(project, unitIndex, statuses), unitId, { parent_property_id: projectId, vat_regime: true, notary_total: null }));
  });
}
// One unpublished listing (skipped) and one malformed record (no head type, reported).
sourceA.push(toSourceA(makeSpec(43, 'A'), ++aId, { publish: false }));
sourceA.push({ ...toSourceA(makeSpec(44, 'A'), ++aId), head_type: undefined });

// Listings that exercise each Belgian listing rule (src/estates/display/region-rules.ts), set on records drawn above so
// every other value stays the same: a Flemish sale without EPC score, one with planning answers missing, a Brussels
// listing without CO2 nor planning destination, a Brussels and a Walloon one whose certificate is "in progress", a rental without charges.
const RULE_CASES = {
  1008: { presale_right_ynu: null, allocation_license_ynu: null },
  1017: { energy_label: 'PEB en cours' },
  1018: { epc_value: null, epc_value_total: null },
  1026: { monthly_cost: 0 },
  1027: { co2: null, recent_destination: null },
  1037: { energy_label: 'PEB en cours' },
};
for (const record of sourceA) Object.assign(record, RULE_CASES[record.property_id]);

const sourceB = [];
let bId = 5000;
for (let i = 0; i < 22; i++) sourceB.push(toSourceB(makeSpec(i + 100, 'B'), ++bId));
{
  const projectId = ++bId;
  const statuses = ['FOR_SALE', 'FOR_SALE', 'SOLD'];
  const project = projectSpec(170, 'B', 'Kanaalzicht', 7, statuses.length);
  const children = statuses.map((_, unitIndex) => toSourceB(unitSpec(project, unitIndex, statuses), ++bId, { price: { value: 245000 + unitIndex * 60000, visible: true, vatRegime: true } }));
  sourceB.push(toSourceB(project, projectId, { isProject: true, price: { priceFrom: 245000, visible: true, vatRegime: true }, children }));
}
// A listing on request (no price), and a malformed record (broken guid), reported by the sync.
sourceB.push(toSourceB({ ...makeSpec(180, 'B'), priceVisible: false }, ++bId));
sourceB.push({ ...toSourceB(makeSpec(181, 'B'), ++bId), guid: 'not-a-guid' });

const persons = REPS;
mkdirSync(join(root, 'fixtures/source-a'), { recursive: true });
mkdirSync(join(root, 'fixtures/source-b'), { recursive: true });
const json = (value) => `${JSON.stringify(value, (key, v) => (v === undefined ? undefined : v), 2)}\n`;
const zabun = toZabunFixtures(sourceA, persons);
writeFileSync(join(root, 'fixtures/source-a/properties.json'), json(zabun.properties));
writeFileSync(join(root, 'fixtures/source-a/persons.json'), json(zabun.persons));
writeFileSync(join(root, 'fixtures/source-a/option_items.json'), json(zabun.optionItems));
writeFileSync(join(root, 'fixtures/source-a/cities.json'), json(zabun.cities));
writeFileSync(join(root, 'fixtures/source-a/technicals.json'), json(zabun.technicals));
writeFileSync(join(root, 'fixtures/source-a/technical_dropdowns.json'), json(zabun.technicalDropdowns));
writeFileSync(join(root, 'fixtures/source-a/evaluations.json'), json(zabun.evaluations));
writeFileSync(join(root, 'fixtures/source-a/video_types.json'), json(zabun.videoTypes));
writeFileSync(join(root, 'fixtures/source-a/media.json'), json(zabun.media));
writeFileSync(join(root, 'fixtures/source-b/feed.json'), json(sourceB));
console.log(`source A: ${sourceA.length} records, source B: ${sourceB.length} records`);
