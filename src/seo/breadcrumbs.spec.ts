import { fileTranslator } from '../../test/support/file-translator.js';
import { breadcrumbJsonLd, holidayBreadcrumb } from './breadcrumbs.js';

const nl = fileTranslator('nl');
const absolute = (path: string) => `https://immo.example${path}`;

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
