import { renderToStaticMarkup } from 'react-dom/server';
import { MapBlock, type MapBlockProps } from './map-block.js';

const props: MapBlockProps = {
  title: 'Location',
  address: 'Kouter 12, 9000 Gent',
  lat: 51.05,
  lon: 3.72,
  tileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
  attribution: '&copy; Tiles',
  mapLabel: 'Map of Kouter 12',
  zoomInTitle: 'Inzoomen',
  zoomOutTitle: 'Uitzoomen',
};

describe(MapBlock.name, () => {
  it('renders nothing without both coordinates', () => {
    expect(renderToStaticMarkup(<MapBlock {...props} lat={null} />)).toBe('');
    expect(renderToStaticMarkup(<MapBlock {...props} lon={undefined} />)).toBe('');
    expect(renderToStaticMarkup(<MapBlock {...props} lat={Number.NaN} />)).toBe('');
  });

  it('shows the address as the fallback inside the map island', () => {
    const html = renderToStaticMarkup(<MapBlock {...props} />);
    expect(html).toContain('data-island="map"');
    expect(html).toContain('<address class="map-block__address">Kouter 12, 9000 Gent</address>');
  });

  it('passes coordinates, tiles and texts to the island', () => {
    const html = renderToStaticMarkup(<MapBlock {...props} />);
    const json = /data-props="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    expect(JSON.parse(json)).toEqual({
      lat: 51.05,
      lon: 3.72,
      tileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
      attribution: '&copy; Tiles',
      markerTitle: 'Kouter 12, 9000 Gent',
      label: 'Map of Kouter 12',
      zoomInTitle: 'Inzoomen',
      zoomOutTitle: 'Uitzoomen',
    });
  });
});
