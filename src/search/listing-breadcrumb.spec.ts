import { fileTranslator } from '../../test/support/file-translator.js';
import { listingBreadcrumb } from './listing-breadcrumb.js';

const nl = fileTranslator('nl');

describe(listingBreadcrumb.name, () => {
  it('leads from home through the search of the listing’s transaction and city to the listing', () => {
    const trail = listingBreadcrumb({ locale: 'nl', forRent: true, city: 'Gent', name: 'Studio', path: '/nl/aanbod/7/studio', project: null }, nl);
    expect(trail.crumbs).toEqual([
      { name: 'Startpagina', path: '/nl' },
      { name: 'Te huur in Gent', path: '/nl?transaction=rent&locations=Gent' },
      { name: 'Studio', path: '/nl/aanbod/7/studio' },
    ]);
  });

  it('puts a unit under its project', () => {
    const project = { name: 'Residentie De Linde', path: '/nl/aanbod/1043/residentie' };
    const trail = listingBreadcrumb({ locale: 'nl', forRent: false, city: 'Gent', name: 'Appartement 1.01', path: '/nl/aanbod/1043/residentie/1044', project }, nl);
    expect(trail.crumbs.map((crumb) => crumb.name)).toEqual(['Startpagina', 'Te koop in Gent', 'Residentie De Linde', 'Appartement 1.01']);
  });
});
