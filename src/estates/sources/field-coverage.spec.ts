import { buildEstate } from '../../../test/factories/estate.factory.js';
import { describeCoverage, FieldCoverage } from './field-coverage.js';

describe('the go-live check’s field coverage', () => {
  const row = (coverage: FieldCoverage, field: string) => coverage.table().find((candidate) => candidate.field === field)!;

  it('counts each field a visitor sees over the listings it applies to, naming the first lacking it', () => {
    const coverage = new FieldCoverage();
    coverage.add(buildEstate({ sourceId: '1', videos: [{ typeId: 2, link: 'https://tour.example/1' }] }));
    coverage.add(buildEstate({ sourceId: '2', pictures: [], address: { geoLocation: null }, salesRep: null }));
    coverage.add(buildEstate({ sourceId: '3', headType: 'PLOT', energy: { energyLabel: null, epcValue: null, customEpcLabel: null } }));
    expect(row(coverage, 'photos')).toMatchObject({ applies: 3, have: 2, firstLacking: ['2'] });
    expect(row(coverage, 'coordinates')).toMatchObject({ applies: 3, have: 2, firstLacking: ['2'] });
    expect(row(coverage, 'salesRep')).toMatchObject({ have: 2, firstLacking: ['2'] });
    expect(row(coverage, 'virtualTour')).toMatchObject({ applies: 3, have: 1, firstLacking: ['2', '3'] });
    // A plot needs no energy certificate: it is not counted as lacking one.
    expect(row(coverage, 'energy')).toMatchObject({ applies: 2, have: 2, firstLacking: [] });
    // Nor is a hidden address lacking its exact point: the agency chose not to show it.
    coverage.add(buildEstate({ sourceId: '4', address: { visible: false, geoLocation: null } }));
    expect(row(coverage, 'coordinates')).toMatchObject({ applies: 3, have: 2 });
  });

  it('counts a project’s units as listings of their own, and planning answers only for sales', () => {
    const coverage = new FieldCoverage();
    const unit = buildEstate({ sourceId: '11', planning: { buildingLicense: null } });
    coverage.add(buildEstate({ sourceId: '10', isProject: true, headType: 'PROJECT', children: [unit] }));
    coverage.add(buildEstate({ sourceId: '12', transaction: { statusId: 2, status: 'TO_RENT', forRent: true } }));
    expect(row(coverage, 'planning').applies).toBe(1);
    expect(row(coverage, 'photos').applies).toBe(3);
  });

  it('summarises the gaps the mapping reported, per field, with the hosts to allow', () => {
    const coverage = new FieldCoverage();
    const gap = { field: 'photos', reason: 'host cdn.elsewhere.example is not in PHOTO_HOSTS: add it to show them' };
    coverage.add(buildEstate({ sourceId: '1' }), [gap, gap]);
    coverage.add(buildEstate({ sourceId: '2' }), [gap]);
    const [summary] = coverage.gapSummaries();
    expect(summary).toEqual({ field: 'photos', count: 2, reasons: [{ reason: gap.reason, count: 3 }], firstIds: ['1', '2'] });
    const text = describeCoverage(coverage.table(), coverage.gapSummaries()).join('\n');
    expect(text).toMatch(/^ {4}photos +2\/2$/m);
    expect(text).toContain('photos: 2 listings (first: 1, 2)');
    expect(text).toContain('3 × host cdn.elsewhere.example is not in PHOTO_HOSTS');
  });
});
