import { buildEstate } from '../../../test/factories/estate.factory.js';
import { complianceReport, countListingsWithGaps, describeComplianceReport, liveListingCount } from './compliance-report.js';

const SOLD = { statusId: 5, status: 'SOLD', forRent: false } as const;
const RENT = { statusId: 2, status: 'TO_RENT', forRent: true } as const;
const COMPLETE_PLANNING = { plannedPermission: 'NO', recentDestination: 'WG', summons: 'NO', presaleRight: 'NO', allocationLicense: 'NO', floodingScoreParcel: 'A', floodingScoreBuilding: 'B' };

const WITH_LINK = { planningInfoUrl: 'https://immo.example/urbanisme' };

describe(complianceReport.name, () => {
  const complete = buildEstate({ id: 1, reference: 'A-1', planning: COMPLETE_PLANNING });
  const noScore = buildEstate({ id: 7, reference: 'A-7', planning: COMPLETE_PLANNING, energy: { epcValue: null } });
  const noScoreEither = buildEstate({ id: 3, reference: null, source: 'B', sourceId: '5003', planning: COMPLETE_PLANNING, energy: { epcValue: null } });
  const soldNoScore = buildEstate({ id: 9, reference: 'A-9', transaction: SOLD, planning: COMPLETE_PLANNING, energy: { epcValue: null } });
  const brusselsRental = buildEstate({ id: 12, reference: 'BXL-12', transaction: RENT, address: { region: 'BRUSSELS' }, energy: { co2: null }, planning: { recentDestination: 'WG' } });

  it('groups the live listings by rule and missing item, with their CRM reference (else source and id) and site id', () => {
    const groups = complianceReport([complete, noScore, noScoreEither, soldNoScore, brusselsRental], WITH_LINK);
    expect(groups).toEqual([
      { rule: 'flandersEnergy', missing: 'epcScore', listings: ['B-5003 (id 3)', 'A-7 (id 7)'] },
      { rule: 'brusselsEnergy', missing: 'co2', listings: ['BXL-12 (id 12)'] },
      { rule: 'rentalCharges', missing: 'charges', listings: ['BXL-12 (id 12)'] },
    ]);
    expect(describeComplianceReport(groups, liveListingCount([complete, noScore, noScoreEither, soldNoScore, brusselsRental]))).toBe(
      [
        '4 live listings checked: 3 lack data a Belgian listing rule needs (fill it in the CRM; the site shows them anyway).',
        'Flanders energy (EPC score) — 2 listings: B-5003 (id 3), A-7 (id 7)',
        'Brussels energy (CO2 emission) — 1 listing: BXL-12 (id 12)',
        'Rental charges (monthly charges) — 1 listing: BXL-12 (id 12)',
      ].join('\n'),
    );
    expect(countListingsWithGaps([complete, noScore, noScoreEither, soldNoScore, brusselsRental], WITH_LINK)).toBe(3);
  });

  it('a Brussels listing with its destination still lacks the planning information when the agency has no link (CoBAT art. 281)', () => {
    const groups = complianceReport([brusselsRental]);
    expect(groups).toContainEqual({ rule: 'brusselsPlanning', missing: 'planningInfo', listings: ['BXL-12 (id 12)'] });
    expect(describeComplianceReport(groups, 1)).toContain('Brussels planning (planning information link with a free paper copy (AGENCY_PLANNING_INFO_URL)) — 1 listing: BXL-12 (id 12)');
  });

  it('checks a project’s units too, and says so when nothing is missing', () => {
    const unit = buildEstate({ id: 21, parentId: 20, reference: 'U-21', planning: COMPLETE_PLANNING, energy: { eLevel: 40 } });
    const project = buildEstate({ id: 20, isProject: true, headType: 'PROJECT', reference: 'P-20', planning: COMPLETE_PLANNING, energy: { eLevel: 35 }, children: [unit] });
    expect(complianceReport([project])).toEqual([]);
    expect(describeComplianceReport([], liveListingCount([project]))).toBe('2 live listings checked: none lacks data a Belgian listing rule needs.');
    const unitWithout = { ...unit, energy: { ...unit.energy, eLevel: null } };
    expect(complianceReport([{ ...project, children: [unitWithout] }])).toEqual([{ rule: 'flandersEnergy', missing: 'eLevel', listings: ['U-21 (id 21)'] }]);
  });
});
