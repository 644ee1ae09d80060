import type { Estate } from '../domain/estate.js';

/**
 * The SPEC §5 display rules, one named function each. A rule answers whether it hides the field
 * `code` of `estate`; the display model hides a field when any rule does (after the base rule).
 */
export type DisplayRule = (estate: Estate, code: string) => boolean;

/** Total price or construction value equal to the plain price says nothing new. */
export const hideTotalOrConstructionEqualToPrice: DisplayRule = (estate, code) =>
  (code === 'financial.totalPrice' && estate.price.totalPrice !== null && estate.price.totalPrice === estate.price.value) ||
  (code === 'financial.constructionValue' &&
    estate.price.constructionValue !== null &&
    estate.price.constructionValue === estate.price.value);

/** "Price on request": the total price would tell the price (the header, cards and JSON say "on request"). */
export const hideTotalPriceOnRequest: DisplayRule = (estate, code) => code === 'financial.totalPrice' && !estate.price.visible;

/** Certificate-conformity is hidden when null or false. */
export const hideCertificateConformityUnlessTrue: DisplayRule = (estate, code) =>
  code === 'technical.certificateConformity' && estate.technical.certificateConformity !== true;

/** Planning fields hidden for Walloon listings even when filled: as-built certificate, heritage inventory, flooding scores. */
export const WALLOON_HIDDEN_CODES = new Set([
  'planning.certificateAsBuilt',
  'planning.heritageInventoried',
  'planning.floodingScoreBuilding',
  'planning.floodingScoreParcel',
]);

export function isWalloon(estate: Estate): boolean {
  return estate.address.region === 'WALLONIA';
}

/** Walloon region: the as-built certificate, heritage inventory and flooding scores are never shown. */
export const hideWalloonPlanningFields: DisplayRule = (estate, code) => isWalloon(estate) && WALLOON_HIDDEN_CODES.has(code);

/** Elevator and new-building show only when true. */
export const showElevatorAndNewBuildingOnlyIfTrue: DisplayRule = (estate, code) =>
  (code === 'technical.elevator' && estate.technical.elevator !== true) ||
  (code === 'technical.newBuilding' && estate.technical.newBuilding !== true);

const RENTAL_HIDDEN_CODES = new Set([
  'technical.certificateElectricity',
  'technical.certificateElectricityConform',
  'planning.plannedPermission',
  'planning.recentDestination',
  'planning.proceeding',
  'planning.subdivisionPermit',
  'planning.certificateAsBuilt',
]);

/** TO_RENT or RENTED: no electrical certificate, planning permission, destination, proceeding, subdivision permit or as-built certificate. */
export const hideSaleOnlyFieldsForRentals: DisplayRule = (estate, code) =>
  (estate.transaction.status === 'TO_RENT' || estate.transaction.status === 'RENTED') && RENTAL_HIDDEN_CODES.has(code);

/** A plot has no electrical installation to certify. */
export const hideElectricityCertificateForPlots: DisplayRule = (estate, code) =>
  estate.headType === 'PLOT' &&
  (code === 'technical.certificateElectricity' || code === 'technical.certificateElectricityConform');

const VAT_HIDDEN_CODES = new Set(['financial.price', 'financial.groundValue', 'financial.infrastructureValue', 'notary.notaryTotal']);

/** Under the VAT regime price, land price, infrastructure price and notary total are hidden. */
export const hideVatRegimePrices: DisplayRule = (estate, code) => estate.price.vatRegime && VAT_HIDDEN_CODES.has(code);

/**
 * Brussels and Wallonia: a custom energy label ("PEB en cours", "in progress") is no energy mention: the certificate
 * must exist before the listing is advertised (region-rules.ts decides the mention itself).
 */
export const hideEnergyInProgressOutsideFlanders: DisplayRule = (estate, code) =>
  code === 'energy.customEpcLabel' && (estate.address.region === 'BRUSSELS' || estate.address.region === 'WALLONIA');

/** Every rule the display model applies, in SPEC order (the regional rule last). */
export const DISPLAY_RULES: readonly DisplayRule[] = [
  hideTotalOrConstructionEqualToPrice,
  hideTotalPriceOnRequest,
  hideCertificateConformityUnlessTrue,
  hideWalloonPlanningFields,
  showElevatorAndNewBuildingOnlyIfTrue,
  hideSaleOnlyFieldsForRentals,
  hideElectricityCertificateForPlots,
  hideVatRegimePrices,
  hideEnergyInProgressOutsideFlanders,
];

export function hiddenByRule(estate: Estate, code: string): boolean {
  return DISPLAY_RULES.some((rule) => rule(estate, code));
}
