import { buildEstate } from '../../../test/factories/estate.factory.js';
import { fileTranslator } from '../../../test/support/file-translator.js';
import { buildSlug, estatePath, MAX_SLUG_LENGTH, projectSlug, standaloneSlug } from './slug.js';

const nl = fileTranslator('nl');
const fr = fileTranslator('fr');

describe(standaloneSlug.name, () => {
  it('is subtype, transaction, "in", street, zip and city, lower-cased, in the locale', () => {
    expect(standaloneSlug(buildEstate(), nl)).toBe('villa-te-koop-in-kerkstraat-12-9000-gent');
  });

  it("fr uses 'a' instead of 'in' and the French names", () => {
    expect(standaloneSlug(buildEstate(), fr)).toBe('villa-a-vendre-a-rue-de-leglise-12-9000-gand');
  });

  it('a hidden address leaves the street out', () => {
    expect(standaloneSlug(buildEstate({ address: { visible: false } }), nl)).toBe('villa-te-koop-in-9000-gent');
  });
});

describe(projectSlug.name, () => {
  it('is the title without quotes and dots, "in", zip and city', () => {
    const project = buildEstate({ isProject: true, headType: 'PROJECT', title: { nl: 'Residentie "De Linde" fase 2.' } });
    expect(projectSlug(project, nl)).toBe('residentie-de-linde-fase-2-in-9000-gent');
  });
});

describe('long slugs', () => {
  const title = 'Residentie Zonnebloem aan de oevers van de Schelde met zicht op de historische binnenstad en het nieuwe stadspark fase twee';

  it('shortens a long project title at a word boundary and keeps the place whole', () => {
    const slug = projectSlug(buildEstate({ isProject: true, headType: 'PROJECT', title: { nl: title } }), nl);
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(/^residentie-zonnebloem-aan-de-oevers-[a-z-]*[a-z]-in-9000-gent$/);
    expect(`${title.toLowerCase().replaceAll(' ', '-')}-`).toContain(`${slug.replace(/-in-9000-gent$/, '')}-`);
  });

  it('shortens a long street and keeps type, transaction, zip and city', () => {
    const street = 'Burgemeester Aloïs van de Vyvere en Gravin Isabella de Merode-Westerloo laan';
    const slug = standaloneSlug(buildEstate({ address: { street: { nl: street }, number: '1234' } }), nl);
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(/^villa-te-koop-in-burgemeester-alois-[a-z0-9-]*[a-z0-9]-9000-gent$/);
  });

  it('cuts a slug whose place alone is too long at a word boundary, and a single endless word anywhere', () => {
    const place = buildEstate({ isProject: true, headType: 'PROJECT', title: { nl: 'Kort' }, address: { city: { name: 'Stad '.repeat(30), alias: {} } } });
    expect(projectSlug(place, nl)).toMatch(/^kort-in-9000(-stad)+$/);
    expect(projectSlug(place, nl).length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    const word = projectSlug(buildEstate({ isProject: true, headType: 'PROJECT', title: { nl: 'x'.repeat(140) } }), nl);
    expect(word).toBe(`${'x'.repeat(MAX_SLUG_LENGTH - '-in-9000-gent'.length)}-in-9000-gent`);
  });
});

describe(estatePath.name, () => {
  it('a standalone listing lives at /<offer>/<id>/<slug>', () => {
    expect(estatePath(buildEstate(), nl)).toBe('/nl/aanbod/1001/villa-te-koop-in-kerkstraat-12-9000-gent');
  });

  it("a project's unit lives at the project's path followed by the unit id", () => {
    const project = buildEstate({ id: 2000, isProject: true, headType: 'PROJECT', title: { nl: 'Residentie Linde' } });
    const unit = buildEstate({ id: 2001, parentId: 2000, headType: 'APARTMENT', subType: 'FLAT' });
    expect(estatePath(unit, nl, project)).toBe('/nl/aanbod/2000/residentie-linde-in-9000-gent/2001');
  });
});

describe(buildSlug.name, () => {
  it('a failing slug build is rethrown after clearing the project children', () => {
    const unit = buildEstate({ id: 2001 });
    const project = { ...buildEstate({ isProject: true }), address: null as never, children: [unit] };
    expect(() => buildSlug(project, nl)).toThrow();
    expect(project.children).toEqual([]);
  });
});
