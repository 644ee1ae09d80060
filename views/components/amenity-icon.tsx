import type { ReactElement } from 'react';
import type { Amenity } from '../../src/holiday/domain/holiday-unit.js';

/** Simple 24×24 pictograms for the amenities; always decorative, the label says it. */
const PATHS: Readonly<Record<Amenity, string>> = {
  wifi: 'M12 18.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM4.2 11.6l1.4 1.4a9 9 0 0 1 12.8 0l1.4-1.4a11 11 0 0 0-15.6 0zm3 3l1.4 1.4a4.8 4.8 0 0 1 6.8 0l1.4-1.4a6.8 6.8 0 0 0-9.6 0zM1.3 8.7l1.4 1.4a13.2 13.2 0 0 1 18.6 0l1.4-1.4a15.2 15.2 0 0 0-21.4 0z',
  parking: 'M5 3h8a6 6 0 0 1 0 12H9v6H5zm4 4v4h4a2 2 0 0 0 0-4z',
  dishwasher: 'M5 2h14a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm1 5v13h12V7zm1-3v1.5h2V4zm4 0v1.5h2V4zm1 6a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
  washingMachine: 'M5 2h14a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm1 2v16h12V4zm6 4a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM7 5h2v1.5H7z',
  tv: 'M3 5h18a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1h-8v2h4v2H7v-2h4v-2H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2v9h16V7z',
  garden: 'M12 2a5 5 0 0 1 5 5 5 5 0 0 1-4 4.9V15h-2v-3.1A5 5 0 0 1 7 7a5 5 0 0 1 5-5zM3 20h18v2H3zm8-4h2v4h-2z',
  terrace: 'M2 9l10-6 10 6v2H2zm2 3h2v7H4zm14 0h2v7h-2zM8 14h8v2H8zm0 3h2v3H8zm6 0h2v3h-2z',
  seaView: 'M2 16c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5v2c-2 0-2 1.5-4 1.5s-2-1.5-4-1.5-2 1.5-4 1.5-2-1.5-4-1.5-2 1.5-4 1.5zm10-12a5 5 0 0 1 5 5H7a5 5 0 0 1 5-5z',
  fireplace: 'M2 3h20v4h-2v14h-4v-6a4 4 0 0 0-8 0v6H4V7H2zm10 9c1 1 2 2 2 3.5a2 2 0 0 1-4 0c0-1 .5-1.7 1-2.2.2.7.6 1.2 1 1.2z',
  petsAllowed: 'M4.5 9a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm15 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM9 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm6 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm-3 7c3 0 6 4 6 7a3 3 0 0 1-3 3c-1.2 0-2-.7-3-.7s-1.8.7-3 .7a3 3 0 0 1-3-3c0-3 3-7 6-7z',
  elevator: 'M4 2h16a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm1 2v16h14V4zm3 6l3-4 3 4zm0 4h6l-3 4z',
  babyCot: 'M3 4h2v5h14V4h2v16h-2v-2H5v2H3zm2 7v5h14v-5zm2 1h2v3H7zm4 0h2v3h-2zm4 0h2v3h-2z',
  barbecue: 'M3 9h18a9 9 0 0 1-8 8.9V20h3v2H8v-2h3v-2.1A9 9 0 0 1 3 9zm6-7c1 1 1 2 0 3s-1 2 0 3H7.5c-1-1-1-2 0-3s1-2 0-3zm4 0c1 1 1 2 0 3s-1 2 0 3h-1.5c-1-1-1-2 0-3s1-2 0-3z',
  sauna: 'M3 20h18v2H3zM5 12h14v6H5zm2-8c1.2 1.2 1.2 2.3 0 3.5s-1.2 2.3 0 3.5H5.4c-1.2-1.2-1.2-2.3 0-3.5s1.2-2.3 0-3.5zm5 0c1.2 1.2 1.2 2.3 0 3.5s-1.2 2.3 0 3.5h-1.6c-1.2-1.2-1.2-2.3 0-3.5s1.2-2.3 0-3.5zm5 0c1.2 1.2 1.2 2.3 0 3.5s-1.2 2.3 0 3.5h-1.6c-1.2-1.2-1.2-2.3 0-3.5s1.2-2.3 0-3.5z',
};

export function AmenityIcon({ name }: { name: Amenity }): ReactElement {
  return (
    <svg className="icon amenity-icon" width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
