import { buildEstate } from '../../../test/factories/estate.factory.js';
import { fileTranslator } from '../../../test/support/file-translator.js';
import { buildSlug, estatePath, projectSlug, standaloneSlug } from './slug.js';

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
