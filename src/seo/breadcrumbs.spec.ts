import { fileTranslator } from '../../test/support/file-translator.js';
import { breadcrumbJsonLd, holidayBreadcrumb, listingBreadcrumb } from './breadcrumbs.js';

const nl = fileTranslator('nl');
const absolute = (path: string) => `https://immo.example${path}`;

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

describe(holidayBreadcrumb.name, () => {
  it('leads from home through the holiday rentals to the unit', () => {
    expect(holidayBreadcrumb({ locale: 'nl', name: 'Gîte', path: '/nl/vakantie/102' }, nl).crumbs.map((crumb) => crumb.path)).toEqual(['/nl', '/nl/vakantieverhuur', '/nl/vakantie/102']);
  });
});

describe(breadcrumbJsonLd.name, () => {
  it('numbers the crumbs from 1, with absolute URLs', () => {
    expect(breadcrumbJsonLd([{ name: 'Startpagina', path: '/nl' }, { name: 'Studio', path: '/nl/aanbod/7' }], absolute)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Startpagina', item: 'https://immo.example/nl' },
        { '@type': 'ListItem', position: 2, name: 'Studio', item: 'https://immo.example/nl/aanbod/7' },
      ],
    });
  });
});
