/** Props (JSON in `data-props`) of the search page's islands, shared by the views and the islands. */

/**
 * The event that runs the search while the visitor types a place (a trigger of the search form, debounced there):
 * the combobox fires it only when the term typed is a whole place its suggestions name, or when the field is
 * emptied. A part of a name ("Gen") is never searched, so the results stay until the visitor has typed a place.
 */
export const PLACE_TYPED_EVENT = 'place-typed';

/** How long typing must pause before a typed place is searched. */
export const PLACE_TYPED_DELAY_MS = 400;

export interface ResultsMapProps {
  /** The markers of the whole result set, as JSON (`/<locale>/ajax/search-map?<query>`). */
  readonly markersUrl: string;
  /** A listing's display model as JSON, for the popup card (`/<locale>/ajax/estate/<id>`), with `<estateId>` to fill. */
  readonly estateUrl: string;
  readonly tileUrl: string;
  readonly attribution: string;
  readonly label: string;
  readonly zoomInTitle: string;
  readonly zoomOutTitle: string;
  /** The button's text while the map is shown ("Hide the map"); it says "Show on the map" otherwise. */
  readonly hideText: string;
  /** The popup link's text ("View this property"). */
  readonly openText: string;
  /** The area searched, drawn on the map: a circle (km) or a polygon's corners as [lat, lon]. */
  readonly area: AreaOnMap | null;
  /** Drawing an area: the search form it goes into (its `polygon` field) and the tool's texts. */
  readonly draw: AreaDrawProps;
  /** The names of what the keyboard reaches on the map: a listing's type and status ("Woning · Te koop"), a cluster's count. */
  readonly markerTexts: MarkerTexts;
}

export interface MarkerTexts {
  /** A head type's label by its code (`HOUSE` → "Woning"). */
  readonly types: Readonly<Record<string, string>>;
  /** A status's label by its code (`FOR_SALE` → "Te koop"). */
  readonly statuses: Readonly<Record<string, string>>;
  /** "{count} properties here: zoom in". */
  readonly cluster: string;
}

export type AreaOnMap =
  | { readonly kind: 'circle'; readonly lat: number; readonly lon: number; readonly radiusKm: number }
  | { readonly kind: 'polygon'; readonly points: ReadonlyArray<readonly [number, number]> };

export interface AreaDrawProps {
  readonly formId: string;
  readonly drawText: string;
  readonly finishText: string;
  readonly cancelText: string;
  readonly undoText: string;
  readonly hintText: string;
  /** "{count} corners placed", announced while drawing. */
  readonly countTexts: { readonly one: string; readonly other: string };
}

/** A marker as the markers endpoint sends it. */
export interface ResultMarker {
  readonly id: number;
  readonly lat: number;
  readonly lon: number;
  readonly headType: string;
  readonly status: string;
}

export interface CityComboboxProps {
  /** `/<locale>/ajax/search-city` (JSON with `Accept: application/json`). */
  readonly url: string;
  /** The list's accessible name. */
  readonly listLabel: string;
  readonly noMatches: string;
  /** "{count} suggestions…" per plural form, announced to screen readers: zero, one, other. */
  readonly countTexts: { readonly zero: string; readonly one: string; readonly other: string };
}

/** A suggestion as the JSON answer of the city autocomplete gives it. */
export interface CitySuggestionJson {
  readonly name: string;
  readonly zip: string;
  readonly country: string;
  /** The country's name for places abroad, else null. */
  readonly countryName: string | null;
  readonly count: number;
  /** "Gent (9000)": what the list shows. */
  readonly label: string;
  /** "5 properties". */
  readonly countText: string;
}
