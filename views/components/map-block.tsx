import type { ReactElement } from 'react';
import type { MapIslandProps } from '../../client/islands/island-props.js';

export interface MapBlockProps {
  readonly title: string;
  /** The address as one line; the map's no-JS fallback. */
  readonly address: string;
  /** The listing's location; without both there is no map block at all (SPEC §4). */
  readonly lat?: number | null;
  readonly lon?: number | null;
  /** Tile URL template and attribution from configuration. */
  readonly tileUrl: string;
  readonly attribution: string;
  /** Accessible name of the map itself. */
  readonly mapLabel: string;
  /** Leaflet's zoom buttons' titles, in the page's language. */
  readonly zoomInTitle: string;
  readonly zoomOutTitle: string;
}

/**
 * Map block: the address in the box the map will take (so the page does not shift when it comes), turned into
 * a Leaflet map by the map island 200 ms after the page loaded.
 */
export function MapBlock({ title, address, lat, lon, tileUrl, attribution, mapLabel, zoomInTitle, zoomOutTitle }: MapBlockProps): ReactElement | null {
  if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  const islandProps: MapIslandProps = { lat, lon, tileUrl, attribution, markerTitle: address, label: mapLabel, zoomInTitle, zoomOutTitle };
  return (
    <section className="map-block" aria-labelledby="map-block-title">
      <h2 id="map-block-title">{title}</h2>
      <div className="map-block__map" data-island="map" data-props={JSON.stringify(islandProps)}>
        <address className="map-block__address">{address}</address>
      </div>
    </section>
  );
}
